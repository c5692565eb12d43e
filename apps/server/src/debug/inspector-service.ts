/**
 * The transaction inspector: one token's transfers at one of the user's saved wallets. The paged list
 * is the synced history the portfolio, the ROI tracker and the tax report use (synced incrementally
 * on the first page); the diagnostic asks every chain's source live for a first page and sums up the
 * synced history; the comparison reads the token's whole history from every source the installation
 * can ask for the chain and names the transfers only one of them has. Every row carries the verdict of
 * the one income rule, with the senders the ROI tracker uses.
 */
import {
  fromBaseUnits,
  INSPECTOR_PAGE_SIZE,
  INSPECTOR_SAMPLE_SIZE,
  INSPECTOR_SHOWN_ROWS,
  type InspectorCompare,
  type InspectorDiagnostic,
  type InspectorPage,
  type InspectorPageQuery,
  type InspectorQuery,
  type InspectorTransaction,
  isRewardPayout,
} from "@pulsemanager/core";
import { and, asc, count, eq, or } from "drizzle-orm";
import type { PublicClient } from "viem";
import {
  compareRows,
  inspectorSources,
  safeText,
  type TokenRead,
  type TokenRow,
} from "../chain/inspector/token-transfer-readers.ts";
import type { ChainConfig, ChainServices } from "../chain/services.ts";
import { tokensSeen } from "../chain/sync/history-sync.ts";
import type { Db } from "../db/client.ts";
import { syncState, transfers } from "../db/schema.ts";
import { type RewardSenderDeps, rewardSenders } from "../ledger/reward-senders.ts";
import { type SyncWalletsDeps, syncWallets } from "../ledger/sync-wallets.ts";
import { type TokenFactsDeps, tokenFacts } from "../ledger/token-facts.ts";
import type { Logger } from "../logger.ts";
import { activeWallets } from "../wallets/wallet-store.ts";

/**
 * The ledger's reads the inspector shares with the tax report (history sync, token facts, reward senders),
 * and what its own readers use: each chain's history source and client, the token table, the upstream client.
 */
export type InspectorChain = SyncWalletsDeps["chain"] &
  TokenFactsDeps["chain"] &
  RewardSenderDeps["chain"] &
  Pick<ChainServices, "history" | "clients" | "registry" | "upstream">;

export interface InspectorDeps {
  db: Db;
  chain: InspectorChain;
  /** Which history sources each chain has: the explorer URLs, the history kinds, local deployments. */
  chainConfig: Pick<ChainConfig, "deployments" | "blockscoutUrls" | "history">;
  logger: Logger;
  now?: () => Date;
  /** How long a live read may take before it stops and says so (ms); default 60 s. */
  readBudgetMs?: number;
  /** Rows per page of the list; default INSPECTOR_PAGE_SIZE (tests page through a short history). */
  pageSize?: number;
}

/** The address is not one of the user's saved wallets (answered as 404: nobody else's data). */
export class WalletNotSaved extends Error {
  constructor() {
    super("Wallet not found");
  }
}

interface TokenInfo {
  address: string;
  symbol: string;
  decimals: number;
}

/** How a chain's rows become answer rows: the token, the wallet and the income rule. */
interface RowContext {
  chainId: number;
  wallet: string;
  info: TokenInfo;
  isIncome: (from: string, to: string) => boolean;
}

const DEFAULT_BUDGET_MS = 60_000;

/** The user's saved wallets; throws WalletNotSaved unless `address` is one of them. */
async function savedWallets(db: Db, userId: string, address: string): Promise<Set<string>> {
  const wallets = new Set((await activeWallets(db, userId)).map((w) => w.address.toLowerCase()));
  if (!wallets.has(address.toLowerCase())) throw new WalletNotSaved();
  return wallets;
}

/**
 * The income rule on a chain as the ROI tracker applies it: a transfer into a saved wallet from a
 * sender the rule knows (distributors the wallets' tokens name, the operator's list, the user's word).
 */
async function incomeRule(
  deps: InspectorDeps,
  userId: string,
  chainId: number,
  wallets: ReadonlySet<string>,
): Promise<(from: string, to: string) => boolean> {
  const tokens = new Set<string>();
  for (const w of wallets) for (const t of await tokensSeen(deps.db, chainId, w)) tokens.add(t);
  const senders = await rewardSenders(deps, userId, new Map([[chainId, [...tokens]]]));
  return (from, to) => isRewardPayout({ chainId, from, to }, wallets, senders);
}

/** The token's symbol and decimals by the ledger's one rule (the registry's, else the token's own). */
async function tokenInfo(deps: InspectorDeps, chainId: number, token: string): Promise<TokenInfo> {
  const fact = (await tokenFacts(deps, chainId, [token])).get(token);
  return { address: token, symbol: fact?.symbol ?? "?", decimals: fact?.decimals ?? 18 };
}

async function rowContext(
  deps: InspectorDeps,
  userId: string,
  chainId: number,
  wallet: string,
  token: string,
  wallets: ReadonlySet<string>,
): Promise<RowContext> {
  const [info, isIncome] = await Promise.all([
    tokenInfo(deps, chainId, token),
    incomeRule(deps, userId, chainId, wallets),
  ]);
  return { chainId, wallet, info, isIncome };
}

function toTransaction(row: TokenRow, ctx: RowContext): InspectorTransaction {
  const into = row.to === ctx.wallet;
  const outOf = row.from === ctx.wallet;
  return {
    chainId: ctx.chainId,
    hash: row.txHash,
    logIndex: row.logIndex,
    blockNumber: row.blockNumber,
    timestamp: row.timestamp,
    from: row.from,
    to: row.to,
    direction: into && outOf ? "self" : into ? "in" : "out",
    amount: fromBaseUnits(row.amount, ctx.info.decimals).toFixed(),
    tokenSymbol: ctx.info.symbol,
    tokenDecimal: ctx.info.decimals,
    roiIncome: ctx.isIncome(row.from, row.to),
  };
}

/** Fills in the time of rows a source gave without one (RPC logs), from their blocks. */
async function withTimes(client: PublicClient | undefined, rows: TokenRow[]): Promise<TokenRow[]> {
  const blocks = [
    ...new Set(rows.filter((r) => r.timestamp === null && r.blockNumber !== null).map((r) => r.blockNumber as number)),
  ];
  if (!client || blocks.length === 0) return rows;
  const times = new Map<number, number>();
  try {
    await Promise.all(
      blocks.map(async (n) => {
        times.set(n, Number((await client.getBlock({ blockNumber: BigInt(n) })).timestamp));
      }),
    );
  } catch {
    // Times stay unknown; the rows are shown anyway.
  }
  return rows.map((r) =>
    r.timestamp === null && r.blockNumber !== null ? { ...r, timestamp: times.get(r.blockNumber) ?? null } : r,
  );
}

/**
 * Syncs the wallet's history on the chains (only new blocks; the ledger's one policy: a failure is
 * logged and leaves what is stored). Whether it is complete is read from the sync state (syncProblems).
 */
async function sync(deps: InspectorDeps, chainIds: readonly number[], wallet: string): Promise<void> {
  await syncWallets(deps, [wallet], chainIds);
}

/** Whether the synced history is complete, and where it is not. */
async function syncProblems(
  deps: InspectorDeps,
  chainId: number,
  wallet: string,
): Promise<{ synced: boolean; partial: boolean; problems: string[] }> {
  const source = deps.chain.history.get(chainId);
  if (!source) return { synced: false, partial: true, problems: [`no history source for chain ${chainId}`] };
  const [state] = await deps.db
    .select()
    .from(syncState)
    .where(and(eq(syncState.chainId, chainId), eq(syncState.address, wallet), eq(syncState.source, source.name)));
  if (!state) return { synced: false, partial: true, problems: ["the history could not be read"] };
  const problems = state.problems ? (JSON.parse(state.problems) as string[]) : [];
  return { synced: true, partial: state.partial, problems: problems.map(safeText) };
}

function storedWhere(chainId: number, wallet: string, token: string) {
  return and(
    eq(transfers.chainId, chainId),
    eq(transfers.kind, "l"),
    eq(transfers.token, token),
    or(eq(transfers.fromAddress, wallet), eq(transfers.toAddress, wallet)),
  );
}

type StoredRow = typeof transfers.$inferSelect;

function storedRow(r: StoredRow): TokenRow {
  return {
    txHash: r.txHash,
    logIndex: r.logIndex,
    blockNumber: r.blockNumber,
    timestamp: r.timestamp,
    from: r.fromAddress,
    to: r.toAddress,
    amount: r.amount,
  };
}

async function storedCount(db: Db, chainId: number, wallet: string, token: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transfers)
    .where(storedWhere(chainId, wallet, token));
  return Number(row?.n ?? 0);
}

async function storedRows(
  db: Db,
  chainId: number,
  wallet: string,
  token: string,
  page?: { offset: number; limit: number },
): Promise<TokenRow[]> {
  const query = db
    .select()
    .from(transfers)
    .where(storedWhere(chainId, wallet, token))
    .orderBy(asc(transfers.blockNumber), asc(transfers.logIndex), asc(transfers.txHash));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(storedRow);
}

/** GET /api/debug/transactions: a page of the synced transfers (the first page syncs new blocks first). */
export async function inspectTransactions(
  deps: InspectorDeps,
  userId: string,
  q: InspectorPageQuery,
): Promise<InspectorPage> {
  const wallet = q.address;
  const wallets = await savedWallets(deps.db, userId, wallet);
  const offset = q.cursor ? Number(q.cursor) : 0;
  if (offset === 0) await sync(deps, [q.chainId], wallet);
  const ctx = await rowContext(deps, userId, q.chainId, wallet, q.token, wallets);
  const [state, total, rows, senders] = await Promise.all([
    syncProblems(deps, q.chainId, wallet),
    storedCount(deps.db, q.chainId, wallet, q.token),
    storedRows(deps.db, q.chainId, wallet, q.token, { offset, limit: deps.pageSize ?? INSPECTOR_PAGE_SIZE }),
    deps.db
      .select({ from: transfers.fromAddress, n: count() })
      .from(transfers)
      .where(and(storedWhere(q.chainId, wallet, q.token), eq(transfers.toAddress, wallet)))
      .groupBy(transfers.fromAddress),
  ]);
  const roiIncomeTotal = senders.reduce((sum, s) => sum + (ctx.isIncome(s.from, wallet) ? Number(s.n) : 0), 0);
  const next = offset + rows.length;
  return {
    transactions: rows.map((r) => toTransaction(r, ctx)),
    total,
    roiIncomeTotal,
    nextCursor: rows.length > 0 && next < total ? String(next) : null,
    token: ctx.info,
    partial: state.partial,
    problems: state.problems,
  };
}

/** A multiset key that does not depend on how a source numbers logs: the same move in the same transaction. */
function keyed(rows: readonly TokenRow[]): Map<string, TokenRow> {
  const seen = new Map<string, number>();
  const out = new Map<string, TokenRow>();
  for (const r of rows) {
    const base = `${r.txHash}|${r.from}|${r.to}|${r.amount}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(`${base}#${n}`, r);
  }
  return out;
}

/** GET /api/debug/transactions/diagnostic: each chain's source asked live, and the synced history. */
export async function diagnoseTransactions(
  deps: InspectorDeps,
  userId: string,
  q: InspectorQuery,
): Promise<InspectorDiagnostic> {
  const started = Date.now();
  const ranAt = (deps.now?.() ?? new Date()).toISOString();
  const wallet = q.address;
  const wallets = await savedWallets(deps.db, userId, wallet);
  const deadline = started + (deps.readBudgetMs ?? DEFAULT_BUDGET_MS);
  const read = new Map<string, TokenRow>();
  const remember = (chainId: number, rows: readonly TokenRow[]) => {
    for (const [k, r] of keyed(rows)) read.set(`${chainId}:${k}`, r);
  };

  // Every chain's history first: the income rule knows a chain's distributors from the tokens seen there.
  const chainIds = [...deps.chain.history.keys()];
  await sync(deps, chainIds, wallet);
  const chainParts = Promise.all(
    chainIds.map(async (chainId) => {
      const { primary } = inspectorSources(deps.chainConfig, readerDeps(deps, chainId), chainId);
      const [ctx, result] = await Promise.all([
        rowContext(deps, userId, chainId, wallet, q.token, wallets),
        primary
          ? primary.firstPage({ chainId, wallet, token: q.token, deadline })
          : Promise.resolve<TokenRead>({ rows: [], hasMore: false, error: "no history source for this chain" }),
      ]);
      remember(chainId, result.rows);
      const sample = await withTimes(deps.chain.clients.get(chainId), result.rows.slice(0, INSPECTOR_SAMPLE_SIZE));
      return {
        chainId,
        source: primary?.name ?? "none",
        success: result.error === null,
        total: result.hasMore ? null : result.rows.length,
        count: result.rows.length,
        hasMore: result.hasMore,
        sample: sample.map((r) => toTransaction(r, ctx)),
        error: result.error,
      };
    }),
  );

  let token: TokenInfo = { address: q.token, symbol: "?", decimals: 18 };
  const history = (async () => {
    const ctx = await rowContext(deps, userId, q.chainId, wallet, q.token, wallets);
    const [state, total, rows] = await Promise.all([
      syncProblems(deps, q.chainId, wallet),
      storedCount(deps.db, q.chainId, wallet, q.token),
      storedRows(deps.db, q.chainId, wallet, q.token, { offset: 0, limit: INSPECTOR_PAGE_SIZE }),
    ]);
    remember(q.chainId, rows);
    token = ctx.info;
    return {
      chainId: q.chainId,
      source: "stored",
      success: state.synced && !state.partial,
      total,
      count: rows.length,
      hasMore: total > rows.length,
      sample: rows.slice(0, INSPECTOR_SAMPLE_SIZE).map((r) => toTransaction(r, ctx)),
      error: state.partial ? state.problems.join("; ") : null,
    };
  })();

  const [chains, historyPart] = await Promise.all([chainParts, history]);
  const total = chains.reduce((sum, c) => sum + c.count, 0) + historyPart.count;
  return {
    ranAt,
    durationMs: Date.now() - started,
    token,
    chains,
    history: historyPart,
    combined: { total, unique: read.size },
  };
}

function readerDeps(deps: InspectorDeps, chainId: number) {
  const wrapped = deps.chain.registry.wrappedNative(chainId)?.address;
  return { upstream: deps.chain.upstream, clients: deps.chain.clients, ...(wrapped ? { wrappedNative: wrapped } : {}) };
}

/** GET /api/debug/transactions/compare: the synced history against every live source of the chain. */
export async function compareTransactionSources(
  deps: InspectorDeps,
  userId: string,
  q: InspectorQuery,
): Promise<InspectorCompare> {
  const started = Date.now();
  const ranAt = (deps.now?.() ?? new Date()).toISOString();
  const wallet = q.address;
  const wallets = await savedWallets(deps.db, userId, wallet);
  const deadline = started + (deps.readBudgetMs ?? DEFAULT_BUDGET_MS);
  const { readers } = inspectorSources(deps.chainConfig, readerDeps(deps, q.chainId), q.chainId);
  const tokenQuery = { chainId: q.chainId, wallet, token: q.token, deadline };

  // The history first: the income rule knows the chain's distributors from the tokens seen there.
  await sync(deps, [q.chainId], wallet);
  const stored = (async (): Promise<TokenRead> => {
    const state = await syncProblems(deps, q.chainId, wallet);
    const rows = await storedRows(deps.db, q.chainId, wallet, q.token);
    return { rows: rows.sort(compareRows), hasMore: false, error: state.partial ? state.problems.join("; ") : null };
  })();
  const [ctx, ...reads] = await Promise.all([
    rowContext(deps, userId, q.chainId, wallet, q.token, wallets),
    stored,
    ...readers.map((r) => r.all(tokenQuery)),
  ]);
  const names = ["stored", ...readers.map((r) => r.name)];
  const sets = (reads as TokenRead[]).map((r) => keyed(r.rows));
  const client = deps.chain.clients.get(q.chainId);

  const sources = await Promise.all(
    names.map(async (source, i) => {
      const own = sets[i] as Map<string, TokenRow>;
      const others = sets.filter((_, j) => j !== i);
      const only = [...own].filter(([k]) => others.every((o) => !o.has(k))).map(([, r]) => r);
      const missing = new Set<string>();
      for (const o of others) for (const k of o.keys()) if (!own.has(k)) missing.add(k);
      const shown = await withTimes(client, only.slice(0, INSPECTOR_SHOWN_ROWS));
      const read = reads[i] as TokenRead;
      return {
        source,
        success: read.error === null,
        count: own.size,
        missing: missing.size,
        onlyHere: shown.map((r) => toTransaction(r, ctx)),
        onlyHereTotal: only.length,
        error: read.error,
      };
    }),
  );
  const first = sets[0] as Map<string, TokenRow>;
  const inAll = [...first.keys()].filter((k) => sets.every((s) => s.has(k))).length;
  return {
    ranAt,
    durationMs: Date.now() - started,
    chainId: q.chainId,
    token: ctx.info,
    sources,
    singleSource: readers.length <= 1,
    inAll,
  };
}
