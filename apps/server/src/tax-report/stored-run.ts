import {
  type AssetInfo,
  BridgeMoves,
  chainAssetInfo,
  includedTokenKeys,
  NATIVE,
  type NormalizedTransfer,
  type OwnWallet,
  type SimpleEvent,
  type StakeEvents,
  simpleEventsToTaxEvents,
  type TaxEvent,
  type TaxReport,
  taxReportFromTransfers,
} from "@pulsemanager/core";
import { matchExchangeMoves } from "@pulsemanager/core/imports/index";
import type { ChainServices } from "../chain/services.ts";
import type { Db } from "../db/client.ts";
import type { ImportedEvents } from "../imports/report-events.ts";
import { loadDayPrices } from "../ledger/day-prices.ts";
import { type EurRateOn, eurDayTable, eurRates } from "../ledger/eur-rates.ts";
import { addCopyAssetInfo, forkCopyAsset, forkSplitPrices, isPreForkCopy } from "../ledger/fork-facts.ts";
import { rewardSenders } from "../ledger/reward-senders.ts";
import { storedStakes } from "../ledger/stakes.ts";
import { readWalletTransfers } from "../ledger/stored-transfers.ts";
import { type AssetFacts, assetFacts } from "../ledger/token-facts.ts";
import type { Logger } from "../logger.ts";
import { readReportSettings } from "../settings/settings-store.ts";
import { readDeclarations } from "../tax-declarations/declaration-store.ts";
import { readTokenChoices } from "../token-choices/token-choice-store.ts";
import { excludedReportTokens } from "./excluded-tokens.ts";

export interface StoredRunDeps {
  db: Db;
  chain: ChainServices;
  logger: Logger;
}

/** What the engine runs over: the user's wallets on the chains, the stored history up to `end`. */
export interface StoredRunRequest {
  userId: string;
  wallets: readonly string[];
  chains: readonly number[];
  ownWallets: OwnWallet[];
  bridges: BridgeMoves | undefined;
  /** The report year: the engine's figures are this year's; events after it are not booked. */
  year: number;
  /** Unix seconds: the stored history before this moment is read. */
  end: number;
  manualEntries?: readonly SimpleEvent[];
  /** The imported exchange accounts' events (the report over all wallets): each account a wallet of its own. */
  imported?: ImportedEvents;
  /** More stored transfers than this: TooManyTransfersError (the direct analysis). */
  maxTransfers?: number;
}

/** More stored transfers than the caller allows (the direct analysis). */
export class TooManyTransfersError extends Error {
  constructor(readonly count: number) {
    super(`${count} transfers`);
  }
}

/** The user's declarations and fork cost method (read after the settings' version: a newer declaration makes the result stale, never lost). */
async function engineInputs(db: Db, userId: string) {
  const settings = await readReportSettings(db, userId);
  return { ...settings, declarations: await readDeclarations(db, userId) };
}
export type EngineInputs = Awaited<ReturnType<typeof engineInputs>>;

/** The stored history the report covers: up to `end`, without the fork's pre-fork copies. */
async function readStoredHistory(
  deps: StoredRunDeps,
  req: StoredRunRequest,
): Promise<{ inYears: NormalizedTransfer[]; stakes: StakeEvents }> {
  // Later years do not change this year's figures (FIFO runs forward in time), so they are not read.
  const stored = await readWalletTransfers(deps.db, req.wallets, req.chains, req.end);
  const stakes = await storedStakes(deps.db, req.wallets, req.chains);
  // The copy chain's records up to the fork are the parent's history (the fork rule books them there only).
  const fork = deps.chain.fork;
  const inYears = fork ? stored.filter((t) => !isPreForkCopy(fork, t)) : stored;
  if (req.maxTransfers !== undefined && inYears.length > req.maxTransfers)
    throw new TooManyTransfersError(inYears.length);
  return { inYears, stakes };
}

/** Each chain's tokens (not the native coin) in the order they first moved; every chain listed. */
function tokensByChain(transfers: readonly NormalizedTransfer[], chains: readonly number[]): Map<number, string[]> {
  const seen = new Map<number, Set<string>>(chains.map((chainId) => [chainId, new Set<string>()]));
  for (const t of transfers) if (t.token !== NATIVE) seen.get(t.chainId)?.add(t.token);
  return new Map([...seen].map(([chainId, tokens]) => [chainId, [...tokens]]));
}

/**
 * Token facts and reward senders of what moved; spam, fakes, fork copies and blocklisted tokens
 * stay out of the rows and figures (listed in the meta), unless the user included one back.
 */
async function runTokens(
  deps: StoredRunDeps,
  userId: string,
  inYears: NormalizedTransfer[],
  chains: readonly number[],
) {
  const tokens = tokensByChain(inYears, chains);
  const [facts, senders] = await Promise.all([assetFacts(deps, tokens), rewardSenders(deps, userId, tokens)]);
  const included = includedTokenKeys(await readTokenChoices(deps.db, userId));
  const excluded = excludedReportTokens(inYears, (key) => facts.get(key), deps.chain, included);
  const transfers = inYears.filter((t) => !excluded.has(`${t.chainId}:${t.token}`));
  return { facts, senders, included, excluded, transfers };
}
export type RunTokens = Awaited<ReturnType<typeof runTokens>>;

/** The engine's asset facts (the known tokens') and every token's decimals (18 where unknown). */
function engineAssets(facts: AssetFacts): { assets: Map<string, AssetInfo>; decimals: Map<string, number> } {
  const assets = new Map<string, AssetInfo>();
  const decimals = new Map<string, number>();
  for (const [key, fact] of facts) {
    if (fact.known) assets.set(key, { symbol: fact.symbol, decimals: fact.decimals, name: fact.name });
    decimals.set(key, fact.decimals);
  }
  return { assets, decimals };
}

/** Daily USD prices of what moved (and, for the "split" fork cost, of the originals and their copies). */
async function runPrices(
  deps: StoredRunDeps,
  tokens: RunTokens,
  inputs: EngineInputs,
  end: number,
  onPriceStep: () => Promise<void>,
) {
  const { chain, logger } = deps;
  const fork = chain.fork;
  const copyAsset = fork ? forkCopyAsset(fork, (key) => tokens.facts.get(key), chain, tokens.included) : undefined;
  const { assets, decimals } = engineAssets(tokens.facts);
  if (fork) addCopyAssetInfo(fork, tokens.transfers, assets, decimals);
  const usd = await loadDayPrices(
    { historicalPrices: chain.historicalPrices, logger },
    tokens.transfers,
    (key) => decimals.get(key) ?? 18,
    onPriceStep,
    forkSplitPrices(fork, inputs.forkCost, tokens.transfers, copyAsset, end),
  );
  return { usd, assets, decimals, copyAsset };
}
export type RunPrices = Awaited<ReturnType<typeof runPrices>>;

/** The history read and priced, ready for the engine; `engine` may run more than once (with other extra events). */
export interface StoredRun {
  transfersRead: number;
  stakes: StakeEvents;
  tokens: RunTokens;
  inputs: EngineInputs;
  priced: RunPrices;
  rateOn: EurRateOn;
  /** The imported accounts' moves to and from the wallets, paired (undefined without imported accounts). */
  exchange: ReturnType<typeof matchExchangeMoves> | undefined;
  /** The engine over the history, the manual entries and `extraEvents` (rows unless `rows: false`). */
  engine(options?: { extraEvents?: readonly TaxEvent[]; rows?: boolean }): TaxReport;
}

/**
 * The imported accounts' events with their moves to and from the user's wallets paired (core's
 * matchExchangeMoves), and the bridge moves with those pairs added (booked like the bridge's).
 */
function exchangeSide(req: StoredRunRequest, transfers: readonly NormalizedTransfer[]) {
  // Without imported accounts there is nothing to pair (and no pass over every transfer).
  if (!req.imported || req.imported.accounts === 0) return { events: [], bridges: req.bridges, matched: undefined };
  const own = new Set(req.wallets.map((w) => w.toLowerCase()));
  const sides = [...(req.bridges?.moves ?? []).flatMap((m) => [m.from, m.to]), ...(req.bridges?.unmatched ?? [])];
  const claimed = new Set(sides.map((side) => `${side.chainId}:${side.txHash}`));
  const matched = matchExchangeMoves(req.imported.events, transfers, own, claimed);
  if (matched.moves.length === 0) return { events: matched.events, bridges: req.bridges, matched };
  const bridges = new BridgeMoves([...(req.bridges?.moves ?? []), ...matched.moves], req.bridges?.unmatched ?? []);
  return { events: matched.events, bridges, matched };
}

/** The engine's options of a run: the year, the assets, the user's words, the fork and bridge rules. */
function engineOptions(
  deps: StoredRunDeps,
  req: StoredRunRequest,
  run: Omit<StoredRun, "engine" | "transfersRead" | "exchange">,
) {
  const fork = deps.chain.fork;
  const { copyAsset } = run.priced;
  // A manual entry of a chain token counts its units like the chain's records (HEX has 8 decimals).
  const knownDecimals = (asset: string) =>
    run.priced.decimals.get(asset) ?? (asset.endsWith(":native") ? 18 : undefined);
  const manual = req.manualEntries?.length
    ? simpleEventsToTaxEvents([...req.manualEntries], { knownDecimals })
    : undefined;
  const chainInfo = chainAssetInfo(deps.chain.registry, run.priced.assets);
  const exchange = exchangeSide(req, run.tokens.transfers);
  return {
    exchange: exchange.matched,
    manualEvents: [...(manual?.events ?? []), ...exchange.events],
    options: {
      year: req.year,
      assets: (asset: string) => manual?.assets(asset) ?? req.imported?.assets(asset) ?? chainInfo(asset),
      rewardSenders: run.tokens.senders,
      stakes: run.stakes,
      declarations: run.inputs.declarations,
      forkCost: run.inputs.forkCost,
      ...(fork && copyAsset ? { chainFork: fork, fork: { fork, copyAsset } } : {}),
      ...(exchange.bridges ? { bridges: exchange.bridges } : {}),
    },
  };
}

/**
 * Reads the stored history of the wallets up to `end`, the token facts, the user's settings and
 * declarations, the day prices and euro rates: all the engine needs, with the wallet report's rules.
 * The wallet report (after its sync) and the tax planning use it. `phase` names each step as it ends.
 */
export async function prepareStoredRun(
  deps: StoredRunDeps,
  req: StoredRunRequest,
  onPriceStep: () => Promise<void> = async () => {},
  phase: (name: string) => void = () => {},
): Promise<StoredRun> {
  const { inYears, stakes } = await readStoredHistory(deps, req);
  phase("readMs");
  const tokens = await runTokens(deps, req.userId, inYears, req.chains);
  const inputs = await engineInputs(deps.db, req.userId);
  const priced = await runPrices(deps, tokens, inputs, req.end, onPriceStep);
  phase("pricesMs");
  // Euro reference rates of every German calendar day that needs one.
  const rateOn = await eurRates(deps.chain.fx, priced.usd.days());
  phase("fxMs");
  const run = { stakes, tokens, inputs, priced, rateOn };
  const { manualEvents, options, exchange } = engineOptions(deps, req, run);
  const eurPrices = eurDayTable(priced.usd.lookup, rateOn);
  return {
    ...run,
    exchange,
    transfersRead: inYears.length,
    engine: ({ extraEvents = [], rows } = {}) =>
      taxReportFromTransfers(tokens.transfers, req.ownWallets, eurPrices, {
        ...options,
        ...(rows === false ? { rows: false } : {}),
        extraEvents: [...manualEvents, ...extraEvents],
      }),
  };
}
