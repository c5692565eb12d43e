import {
  type BridgeMoves,
  type OwnWallet,
  type SimpleEvent,
  type TaxReport,
  type TaxReportStep,
  unknownGroups,
  type WalletReportResult,
  withGermanDescriptions,
} from "@pulsemanager/core";
import { exchangeReconciliation } from "@pulsemanager/core/imports/index";
import type { ChainServices } from "../chain/services.ts";
import { SyncTally } from "../chain/sync/history-sync.ts";
import type { Db } from "../db/client.ts";
import { importedReportEvents } from "../imports/report-events.ts";
import { bridgeMoves } from "../ledger/bridge-moves.ts";
import { PRICE_STEPS } from "../ledger/day-prices.ts";
import { type SyncedHistory, syncWallets } from "../ledger/sync-wallets.ts";
import type { Logger } from "../logger.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { type EngineInputs, prepareStoredRun, type RunTokens } from "./stored-run.ts";

export { TooManyTransfersError } from "./stored-run.ts";

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

/** Unix seconds of 1 January 00:00 in Berlin (CET, UTC+1) of a year. */
function berlinNewYear(year: number): number {
  return Date.UTC(year, 0, 1) / 1000 - 3600;
}

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
/** The report's wallets; none is enough for a report over all wallets of a user with imported accounts. */
async function reportWallets(db: Db, req: ReportRequest, importedAccounts: number): Promise<string[]> {
  const wallets =
    req.scope === "all"
      ? [...new Set((await activeWallets(db, req.userId)).map((w) => w.address.toLowerCase()))]
      : [(req.address as string).toLowerCase()];
  if (wallets.length === 0 && importedAccounts === 0) throw new NoWalletsError("No wallets found");
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
  scope: { wallets: string[]; chains: number[]; inYears: number; importedAccounts: number },
  history: SyncedHistory,
  excluded: RunTokens["excluded"],
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
      ...(scope.importedAccounts > 0 ? { importedAccounts: scope.importedAccounts } : {}),
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
  // The report over all wallets includes the imported exchange accounts, each a wallet of its own.
  const imported =
    req.scope === "all"
      ? await importedReportEvents(deps.db, deps.chain.fx, req.userId, deps.chain.registry)
      : undefined;
  const wallets = await reportWallets(deps.db, req, imported?.accounts ?? 0);
  const chains = [...deps.chain.history.keys()];
  const steps = reportProgress(progress, wallets.length * chains.length + PRICE_STEPS + 3);
  await steps.start();
  const synced = await syncReportHistory(deps, wallets, chains, steps, options.bridges);
  phase("syncMs");
  const run = await prepareStoredRun(
    deps,
    {
      ...req,
      wallets,
      chains,
      ...synced,
      imported,
      end: berlinNewYear(req.year + 1),
      maxTransfers: options.maxTransfers,
    },
    () => steps.done("fetching_tx"),
    phase,
  );
  await steps.done("classifying_tx");
  const report = run.engine();
  phase("engineMs");
  await steps.done("generating_report");
  const transfers = run.tokens.transfers.length;
  deps.logger.info({ transfers, rows: report.transactions.length, ...phases }, "tax report built");
  const scope = { wallets, chains, inYears: run.transfersRead, importedAccounts: imported?.accounts ?? 0 };
  const result = reportResult(deps, req, scope, synced, run.tokens.excluded, run.inputs, report);
  if (!imported || imported.accounts === 0 || !run.exchange) return result;
  return { ...result, exchanges: exchangeReconciliation(imported.events, run.exchange, req.year, imported.symbolOf) };
}
