import {
  type AssetInfo,
  type BridgeMoves,
  chainAssetInfo,
  includedTokenKeys,
  NATIVE,
  type NormalizedTransfer,
  type OwnWallet,
  type RewardSenders,
  type SimpleEvent,
  type StakeEvents,
  simpleEventsToTaxEvents,
  type TaxReport,
  type TaxReportStep,
  taxReportFromTransfers,
  unknownGroups,
  type WalletReportResult,
  withGermanDescriptions,
} from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { SyncTally } from "../chain/sync/history-sync.ts";
import type { Db } from "../db/client.ts";
import { bridgeMoves } from "../ledger/bridge-moves.ts";
import { type DayPrices, loadDayPrices, PRICE_STEPS } from "../ledger/day-prices.ts";
import { type EurRateOn, eurDayTable, eurRates } from "../ledger/eur-rates.ts";
import { addCopyAssetInfo, forkCopyAsset, forkSplitPrices, isPreForkCopy } from "../ledger/fork-facts.ts";
import { rewardSenders } from "../ledger/reward-senders.ts";
import { storedStakes } from "../ledger/stakes.ts";
import { readWalletTransfers } from "../ledger/stored-transfers.ts";
import { type SyncedHistory, syncWallets } from "../ledger/sync-wallets.ts";
import { type AssetFacts, assetFacts } from "../ledger/token-facts.ts";
import type { Logger } from "../logger.ts";
import { readReportSettings } from "../settings/settings-store.ts";
import { readDeclarations } from "../tax-declarations/declaration-store.ts";
import { readTokenChoices } from "../token-choices/token-choice-store.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { excludedReportTokens } from "./excluded-tokens.ts";

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

type EngineInputs = Awaited<ReturnType<typeof engineInputs>>;

/** The progress of one report: the batches done so far of `total`. */
function reportProgress(progress: Progress, total: number) {
  let processed = 0;
  return {
    start: () => progress({ processed, total, step: "fetching_tx" }),
    loading: (sync: { loaded: number; expected: number | null }) =>
      progress({ processed, total, step: "fetching_tx", sync }),
    done: (step: TaxReportStep) => progress({ processed: ++processed, total, step }),
  };
}
type ReportProgress = ReturnType<typeof reportProgress>;

/** Milliseconds of each phase of a report (logged as "tax report built"). */
function phaseTimer() {
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const at = performance.now();
    phases[name] = Math.round(at - mark);
    mark = at;
  };
  return { phases, phase };
}

/** The report's wallets: the one asked for, or every saved wallet of the user. */
async function reportWallets(db: Db, req: ReportRequest): Promise<string[]> {
  const wallets =
    req.scope === "all"
      ? [...new Set((await activeWallets(db, req.userId)).map((w) => w.address.toLowerCase()))]
      : [(req.address as string).toLowerCase()];
  if (wallets.length === 0) throw new NoWalletsError("No wallets found");
  return wallets;
}

/**
 * 1. The newest history, stake and bridge events of every wallet on every chain. An explorer is not
 * asked again for a wallet it answered completely within RECENT_SYNC_MS (the report then says when).
 */
async function syncReportHistory(
  deps: BuildDeps,
  wallets: readonly string[],
  chains: readonly number[],
  steps: ReportProgress,
  knownBridges: BridgeMoves | undefined,
): Promise<SyncedHistory & { ownWallets: OwnWallet[]; bridges: BridgeMoves | undefined }> {
  const synced = new SyncTally();
  const history = await syncWallets(deps, wallets, chains, {
    reuseRecent: true,
    stakes: true,
    onProgress: (p) => steps.loading(synced.add(p)),
    onSynced: () => steps.done("fetching_tx"),
  });
  const ownWallets: OwnWallet[] = wallets.flatMap((address) => chains.map((chainId) => ({ chainId, address })));
  const bridges = knownBridges ?? (await bridgeMoves(deps, ownWallets, history.incompleteChains));
  return { ...history, ownWallets, bridges };
}

/** The stored history the report covers: up to the end of the year, without the fork's pre-fork copies. */
async function readReportHistory(
  deps: BuildDeps,
  wallets: readonly string[],
  chains: readonly number[],
  end: number,
  maxTransfers: number | undefined,
): Promise<{ inYears: NormalizedTransfer[]; stakes: StakeEvents }> {
  // Later years do not change this year's figures (FIFO runs forward in time), so they are not read.
  const stored = await readWalletTransfers(deps.db, wallets, chains, end);
  const stakes = await storedStakes(deps.db, wallets, chains);
  // The copy chain's records up to the fork are the parent's history (the fork rule books them there only).
  const fork = deps.chain.fork;
  const inYears = fork ? stored.filter((t) => !isPreForkCopy(fork, t)) : stored;
  if (maxTransfers !== undefined && inYears.length > maxTransfers) throw new TooManyTransfersError(inYears.length);
  return { inYears, stakes };
}

/** Each chain's tokens (not the native coin) in the order they first moved; every chain listed. */
function tokensByChain(transfers: readonly NormalizedTransfer[], chains: readonly number[]): Map<number, string[]> {
  const seen = new Map<number, Set<string>>(chains.map((chainId) => [chainId, new Set<string>()]));
  for (const t of transfers) if (t.token !== NATIVE) seen.get(t.chainId)?.add(t.token);
  return new Map([...seen].map(([chainId, tokens]) => [chainId, [...tokens]]));
}

/**
 * 2a. Token facts and reward senders of what moved; spam, fakes, fork copies and blocklisted tokens
 * stay out of the rows and figures (listed in the meta), unless the user included one back.
 */
async function reportTokens(deps: BuildDeps, userId: string, inYears: NormalizedTransfer[], chains: number[]) {
  const tokens = tokensByChain(inYears, chains);
  const [facts, senders] = await Promise.all([assetFacts(deps, tokens), rewardSenders(deps, userId, tokens)]);
  const included = includedTokenKeys(await readTokenChoices(deps.db, userId));
  const excluded = excludedReportTokens(inYears, (key) => facts.get(key), deps.chain, included);
  const transfers = inYears.filter((t) => !excluded.has(`${t.chainId}:${t.token}`));
  return { facts, senders, included, excluded, transfers };
}

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

/** 2b. Daily USD prices of what moved (and, for the "split" fork cost, of the originals and their copies). */
async function reportPrices(
  deps: BuildDeps,
  tokens: Awaited<ReturnType<typeof reportTokens>>,
  inputs: EngineInputs,
  end: number,
  steps: ReportProgress,
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
    async () => {
      await steps.done("fetching_tx");
    },
    forkSplitPrices(fork, inputs.forkCost, tokens.transfers, copyAsset, end),
  );
  return { usd, assets, copyAsset };
}

/** 4. The tax engine over the year's transfers, with the manual entries as extra events. */
function runEngine(
  deps: BuildDeps,
  req: ReportRequest,
  history: { ownWallets: OwnWallet[]; bridges: BridgeMoves | undefined; stakes: StakeEvents },
  tokens: { transfers: NormalizedTransfer[]; senders: RewardSenders },
  priced: { usd: DayPrices; assets: Map<string, AssetInfo>; copyAsset: ((asset: string) => string | null) | undefined },
  rateOn: EurRateOn,
  inputs: EngineInputs,
): TaxReport {
  const fork = deps.chain.fork;
  const { bridges } = history;
  const { copyAsset } = priced;
  const manual = req.manualEntries.length > 0 ? simpleEventsToTaxEvents(req.manualEntries) : undefined;
  const chainInfo = chainAssetInfo(deps.chain.registry, priced.assets);
  return taxReportFromTransfers(tokens.transfers, history.ownWallets, eurDayTable(priced.usd.lookup, rateOn), {
    year: req.year,
    assets: (asset) => manual?.assets(asset) ?? chainInfo(asset),
    rewardSenders: tokens.senders,
    stakes: history.stakes,
    declarations: inputs.declarations,
    forkCost: inputs.forkCost,
    ...(fork && copyAsset ? { chainFork: fork, fork: { fork, copyAsset } } : {}),
    ...(bridges ? { bridges } : {}),
    ...(manual ? { extraEvents: manual.events } : {}),
  });
}

/** How many rows each price source priced ("pulsex_v2@1": the source and its chain). */
function priceSourceCounts(report: TaxReport): Record<string, number> {
  const priceSources: Record<string, number> = {};
  for (const row of report.transactions) {
    // A V2 pool on Ethereum is Uniswap, not PulseX: the chain is part of the label.
    const source = row.priceSource ? (row.priceSource.split("+")[0] as string) : "none";
    const label = row.chainId !== null && source !== "none" && source !== "input" ? `${source}@${row.chainId}` : source;
    priceSources[label] = (priceSources[label] ?? 0) + 1;
  }
  return priceSources;
}

/** The result the report job stores: the engine's figures and the facts the tax advisor needs. */
function reportResult(
  deps: BuildDeps,
  req: ReportRequest,
  scope: { wallets: string[]; chains: number[]; inYears: number },
  history: SyncedHistory,
  excluded: Awaited<ReturnType<typeof reportTokens>>["excluded"],
  inputs: EngineInputs,
  report: TaxReport,
): WalletReportResult {
  const { wallets, chains } = scope;
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
      transfers: scope.inYears,
      manualEntries: req.manualEntries.length,
      priceSources: priceSourceCounts(report),
      incompleteChains: [...history.incompleteChains].sort((a, b) => a - b),
      ...(history.historyReadAt ? { historyReadAt: history.historyReadAt.toISOString() } : {}),
      excludedTokens: [...excluded.values()].sort((a, b) => a.chainId - b.chainId || a.symbol.localeCompare(b.symbol)),
      forkCost: inputs.forkCost,
      declarationsVersion: inputs.declarationsVersion,
      declarations: inputs.declarations,
    },
  };
}

/**
 * One wallet report: reads the newest history of every wallet on every chain (the ledger), prices what
 * moved (USD per day, then EUR by the ECB rate of the German day), runs the tax engine for the year and
 * returns the result with the facts the tax advisor needs. Used by the report job and the direct analysis.
 */
export async function buildWalletReport(
  deps: BuildDeps,
  req: ReportRequest,
  progress: Progress,
  options: { maxTransfers?: number; bridges?: BridgeMoves } = {},
): Promise<WalletReportResult> {
  const { phases, phase } = phaseTimer();
  const wallets = await reportWallets(deps.db, req);
  const chains = [...deps.chain.history.keys()];
  const steps = reportProgress(progress, wallets.length * chains.length + PRICE_STEPS + 3);
  await steps.start();
  const synced = await syncReportHistory(deps, wallets, chains, steps, options.bridges);
  phase("syncMs");
  const end = berlinNewYear(req.year + 1);
  const { inYears, stakes } = await readReportHistory(deps, wallets, chains, end, options.maxTransfers);
  phase("readMs");
  // 2. Token facts and prices (the ledger's, the exclusion and fork rules the report's own).
  const tokens = await reportTokens(deps, req.userId, inYears, chains);
  const inputs = await engineInputs(deps.db, req.userId);
  const priced = await reportPrices(deps, tokens, inputs, end, steps);
  phase("pricesMs");
  // 3. Euro reference rates of every German calendar day that needs one.
  const rateOn = await eurRates(deps.chain.fx, priced.usd.days());
  phase("fxMs");
  await steps.done("classifying_tx");
  // 4. The engine.
  const report = runEngine(deps, req, { ...synced, stakes }, tokens, priced, rateOn, inputs);
  phase("engineMs");
  await steps.done("generating_report");
  const transfers = tokens.transfers.length;
  deps.logger.info({ transfers, rows: report.transactions.length, ...phases }, "tax report built");
  const scope = { wallets, chains, inYears: inYears.length };
  return reportResult(deps, req, scope, synced, tokens.excluded, inputs, report);
}
