import {
  type AssetInfo,
  type BridgeMoves,
  chainAssetInfo,
  includedTokenKeys,
  NATIVE,
  type OwnWallet,
  type RateOnDay,
  RewardSenders,
  type SimpleEvent,
  StakeEvents,
  simpleEventsToTaxEvents,
  type TaxReportStep,
  taxReportFromTransfers,
  unknownGroups,
  type WalletReportResult,
  withGermanDescriptions,
} from "@pulsemanager/core";
import { storedBridgeMoves, syncBridgeEvents } from "../bridge/bridge-event-sync.ts";
import type { ChainServices } from "../chain/services.ts";
import { RECENT_SYNC_MS, SyncTally, syncHistory } from "../chain/sync/history-sync.ts";
import { storedStakeEvents, syncStakeEvents } from "../chain/sync/stake-event-sync.ts";
import { loadRewardSources } from "../chain/tokens/reward-sources.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import { readIncomeChoices } from "../income-choices/income-choice-store.ts";
import type { Logger } from "../logger.ts";
import { readReportSettings } from "../settings/settings-store.ts";
import { readDeclarations } from "../tax-declarations/declaration-store.ts";
import { readTokenChoices } from "../token-choices/token-choice-store.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { excludedReportTokens } from "./excluded-tokens.ts";
import { addCopyAssetInfo, forkCopyAsset, forkSplitPrices, isPreForkCopy } from "./report-fork.ts";
import { eurDayTable, loadReportPrices, PRICE_STEPS } from "./report-prices.ts";
import { readReportTransfers } from "./report-transfers.ts";

export interface BuildDeps {
  db: Db;
  chain: ChainServices;
  logger: Logger;
  now: () => Date;
}

export interface ReportRequest {
  userId: string;
  scope: "address" | "all";
  address: string | null;
  year: number;
  manualEntries: SimpleEvent[];
}

/**
 * What the report passes to the engine beyond the history: the user's declarations and fork cost
 * method, the chain fork, and the user's bridge moves (when known; bridge/ pairs them).
 */
async function engineInputs(db: Db, userId: string) {
  // The version first: a declaration made while the report reads them makes the report stale, never lost.
  const settings = await readReportSettings(db, userId);
  return { ...settings, declarations: await readDeclarations(db, userId) };
}

/**
 * The wallets' moves over the official bridge: its events read up to each chain's head (after the
 * history: the native router's deposits are found through the wallets' own transactions), then paired.
 * A chain whose bridge events could not be read is named incomplete; the stored ones still count.
 */
async function reportBridgeMoves(
  deps: BuildDeps,
  wallets: readonly OwnWallet[],
  incomplete: Set<number>,
): Promise<BridgeMoves | undefined> {
  const { db, chain, logger } = deps;
  if (chain.bridges.size === 0) return undefined;
  try {
    await syncBridgeEvents(db, chain, wallets);
  } catch (err) {
    logger.warn({ err }, "tax report: bridge events sync failed");
    for (const chainId of chain.bridges.keys()) incomplete.add(chainId);
  }
  return storedBridgeMoves(db, wallets);
}

/**
 * Called once with the number of batches, then after each one; while the history is read also with the
 * records loaded so far and about how many there are (`sync`, over every wallet and chain).
 */
export type Progress = (p: {
  processed: number;
  total: number;
  step: TaxReportStep;
  sync?: { loaded: number; expected: number | null };
}) => Promise<void>;

/** No wallet to report on (scope "all" and none saved). */
export class NoWalletsError extends Error {}

/** More stored transfers than the caller allows (the direct analysis). */
export class TooManyTransfersError extends Error {
  constructor(readonly count: number) {
    super(`${count} transfers`);
  }
}

/** Unix seconds of 1 January 00:00 in Berlin (CET, UTC+1) of a year. */
function berlinNewYear(year: number): number {
  return Date.UTC(year, 0, 1) / 1000 - 3600;
}

/** The wallet's HEX stake events up to the chain's head (none where the chain has no stake contract). */
async function syncStakes(chain: ChainServices, db: Db, chainId: number, address: string) {
  const stakes = chain.hexStakes.get(chainId);
  const client = chain.clients.get(chainId);
  if (stakes && client) await syncStakeEvents(db, client, chainId, stakes, address);
}

/**
 * One wallet report: reads the newest history of every wallet on every chain, prices what moved (USD
 * per day, then EUR by the ECB rate of the German day), runs the tax engine for the year and returns
 * the result with the facts the tax advisor needs. Used by the report job and the direct analysis.
 */
export async function buildWalletReport(
  deps: BuildDeps,
  req: ReportRequest,
  progress: Progress,
  options: { maxTransfers?: number; bridges?: BridgeMoves } = {},
): Promise<WalletReportResult> {
  const { db, chain, logger } = deps;
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const at = performance.now();
    phases[name] = Math.round(at - mark);
    mark = at;
  };
  const wallets =
    req.scope === "all"
      ? [...new Set((await activeWallets(db, req.userId)).map((w) => w.address.toLowerCase()))]
      : [(req.address as string).toLowerCase()];
  if (wallets.length === 0) throw new NoWalletsError("No wallets found");
  const chains = [...chain.history.keys()];
  const syncs = wallets.flatMap((address) => chains.map((chainId) => ({ address, chainId })));
  const total = syncs.length + PRICE_STEPS + 3;
  let processed = 0;
  await progress({ processed, total, step: "fetching_tx" });

  // 1. The newest history (incremental: only blocks after the last sync are read; an explorer is not
  // asked again for a wallet it answered completely within RECENT_SYNC_MS, the report then says when).
  const incomplete = new Set<number>();
  let historyReadAt: Date | undefined;
  // All at once: the upstream client keeps each explorer within its own rate and concurrency limits.
  const synced = new SyncTally();
  await Promise.all(
    syncs.map(async (s) => {
      const source = chain.history.get(s.chainId);
      try {
        if (source) {
          const outcome = await syncHistory(db, source, s.chainId, s.address, {
            onProgress: (p) => progress({ processed, total, step: "fetching_tx", sync: synced.add(p) }),
            reuseWithinMs: source.local ? 0 : RECENT_SYNC_MS,
          });
          if (outcome.partial) incomplete.add(s.chainId);
          const readAt = outcome.reusedReadAt;
          if (readAt && (!historyReadAt || readAt < historyReadAt)) historyReadAt = readAt;
          await syncStakes(chain, db, s.chainId, s.address);
        }
      } catch (err) {
        // The stored history still makes a report; the chain is named as incomplete.
        logger.warn({ err, chainId: s.chainId, address: s.address }, "tax report: history sync failed");
        incomplete.add(s.chainId);
      }
      await progress({ processed: ++processed, total, step: "fetching_tx" });
    }),
  );
  const ownWallets: OwnWallet[] = wallets.flatMap((address) => chains.map((chainId) => ({ chainId, address })));
  const bridges = options.bridges ?? (await reportBridgeMoves(deps, ownWallets, incomplete));
  phase("syncMs");
  const end = berlinNewYear(req.year + 1);
  // Later years do not change this year's figures (FIFO runs forward in time), so they are not read.
  const stored = await readReportTransfers(db, wallets, chains, end);
  const stakes = new StakeEvents(
    (await Promise.all(syncs.map((s) => storedStakeEvents(db, s.chainId, s.address)))).flat(),
  );
  // The copy chain's records up to the fork are the parent's history (the fork rule books them there only).
  const fork = chain.fork;
  const inYears = fork ? stored.filter((t) => !isPreForkCopy(fork, t)) : stored;
  if (options.maxTransfers !== undefined && inYears.length > options.maxTransfers)
    throw new TooManyTransfersError(inYears.length);

  phase("readMs");
  // 2. Token facts and prices.
  const assets = new Map<string, AssetInfo>();
  const decimals = new Map<string, number>();
  const facts = new Map<string, { symbol: string; name: string }>();
  const discovered = new Set<string>();
  for (const chainId of chains) {
    const tokens = [...new Set(inYears.filter((t) => t.chainId === chainId && t.token !== NATIVE).map((t) => t.token))];
    const client = chain.clients.get(chainId);
    if (client)
      for (const key of await loadRewardSources(db, client, chainId, tokens).catch((err) => {
        logger.warn({ err, chainId }, "tax report: reward sources failed");
        return new Set<string>();
      }))
        discovered.add(key);
    const meta = client
      ? await loadTokenMetadata(db, client, chainId, tokens).catch((err) => {
          logger.warn({ err, chainId }, "tax report: token metadata failed");
          return new Map();
        })
      : new Map();
    for (const token of tokens) {
      const known = chain.registry.get(chainId, token);
      const m = meta.get(token);
      const info = known
        ? { symbol: known.symbol, decimals: known.decimals, name: known.name }
        : m?.decimals != null
          ? { symbol: m.symbol ?? `${token.slice(0, 6)}…${token.slice(-4)}`, decimals: m.decimals, name: m.name ?? "" }
          : undefined;
      if (info) assets.set(`${chainId}:${token}`, info);
      decimals.set(`${chainId}:${token}`, info?.decimals ?? 18);
      facts.set(`${chainId}:${token}`, { symbol: info?.symbol ?? m?.symbol ?? "?", name: info?.name ?? m?.name ?? "" });
    }
  }
  // Spam, fakes, fork copies and blocklisted tokens stay out of the rows and figures (listed in the
  // meta), unless the user included one back.
  const included = includedTokenKeys(await readTokenChoices(db, req.userId));
  const excluded = excludedReportTokens(inYears, (key) => facts.get(key), chain, included);
  const transfers = inYears.filter((t) => !excluded.has(`${t.chainId}:${t.token}`));
  const inputs = await engineInputs(db, req.userId);
  const copyAsset = fork ? forkCopyAsset(fork, (key) => facts.get(key), chain, included) : undefined;
  if (fork) addCopyAssetInfo(fork, transfers, assets, decimals);
  const usd = await loadReportPrices(
    { historicalPrices: chain.historicalPrices, logger },
    transfers,
    (key) => decimals.get(key) ?? 18,
    async () => {
      await progress({ processed: ++processed, total, step: "fetching_tx" });
    },
    forkSplitPrices(fork, inputs.forkCost, transfers, copyAsset, end),
  );

  phase("pricesMs");
  // 3. Euro reference rates of every German calendar day that needs one.
  const days = usd.days();
  const fx = await chain.fx.usdPerEur(days);
  const rates: Map<string, RateOnDay | undefined> = fx.rates;
  phase("fxMs");
  await progress({ processed: ++processed, total, step: "classifying_tx" });

  // 4. The engine.
  const manual = req.manualEntries.length > 0 ? simpleEventsToTaxEvents(req.manualEntries) : undefined;
  const chainInfo = chainAssetInfo(chain.registry, assets);
  const report = taxReportFromTransfers(
    transfers,
    ownWallets,
    eurDayTable(usd.lookup, (d) => rates.get(d)),
    {
      year: req.year,
      assets: (asset) => manual?.assets(asset) ?? chainInfo(asset),
      rewardSenders: new RewardSenders({
        discovered,
        configured: chain.rewardDistributors,
        choices: await readIncomeChoices(db, req.userId),
      }),
      stakes,
      declarations: inputs.declarations,
      forkCost: inputs.forkCost,
      ...(fork && copyAsset ? { chainFork: fork, fork: { fork, copyAsset } } : {}),
      ...(bridges ? { bridges } : {}),
      ...(manual ? { extraEvents: manual.events } : {}),
    },
  );
  phase("engineMs");
  await progress({ processed: ++processed, total, step: "generating_report" });
  logger.info({ transfers: transfers.length, rows: report.transactions.length, ...phases }, "tax report built");

  const priceSources: Record<string, number> = {};
  for (const row of report.transactions) {
    // "pulsex_v2@1": the source and its chain (a V2 pool on Ethereum is Uniswap, not PulseX).
    const source = row.priceSource ? (row.priceSource.split("+")[0] as string) : "none";
    const label = row.chainId !== null && source !== "none" && source !== "input" ? `${source}@${row.chainId}` : source;
    priceSources[label] = (priceSources[label] ?? 0) + 1;
  }
  return {
    address: req.scope === "all" ? "all" : (wallets[0] as string),
    year: req.year,
    summary: report.summary,
    transactions: withGermanDescriptions(report.transactions),
    years: report.years,
    holdings: report.holdings,
    missingPrices: report.missingPrices,
    unknownCosts: report.unknownCosts,
    unknowns: unknownGroups(report),
    meta: {
      generatedAt: deps.now().toISOString(),
      period: { from: `${req.year}-01-01`, to: `${req.year}-12-31` },
      method: "FIFO",
      wallets,
      chains,
      transfers: inYears.length,
      manualEntries: req.manualEntries.length,
      priceSources,
      incompleteChains: [...incomplete].sort((a, b) => a - b),
      ...(historyReadAt ? { historyReadAt: historyReadAt.toISOString() } : {}),
      excludedTokens: [...excluded.values()].sort((a, b) => a.chainId - b.chainId || a.symbol.localeCompare(b.symbol)),
      forkCost: inputs.forkCost,
      declarationsVersion: inputs.declarationsVersion,
      declarations: inputs.declarations,
    },
  };
}
