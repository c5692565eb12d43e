import { type NormalizedTransfer, transferKindOf } from "@pulsemanager/core";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { syncState, transfers } from "../../db/schema.ts";
import type { HistoryResult, HistorySource } from "../explorers/types.ts";
import { readSyncMark, recentSyncMark, writeSyncMark } from "./sync-mark.ts";

export interface SyncOutcome {
  chainId: number;
  address: string;
  source: string;
  fromBlock: number;
  toBlock: number;
  added: number;
  partial: boolean;
  problems: string[];
  /** Set when nothing was read because the last read to the newest data was recent (`reuseWithinMs`): its time. */
  reusedReadAt?: Date;
}

/** "l" log, "n" top-level native value, "i" internal native value (the table's kind column). */

/** A normalised transfer as a row of the transfers table. */
export function transferRow(t: NormalizedTransfer, source: string): typeof transfers.$inferInsert {
  return {
    chainId: t.chainId,
    txHash: t.txHash,
    kind: transferKindOf(t),
    logIndex: t.logIndex,
    blockNumber: t.blockNumber,
    timestamp: t.timestamp,
    fromAddress: t.from,
    toAddress: t.to,
    token: t.token,
    amount: t.amount,
    fee: t.fee,
    methodId: t.methodId,
    source,
  };
}

/** How far a sync is: records read and stored so far, and about how many the history holds (null: unknown). */
export interface SyncProgress {
  chainId: number;
  address: string;
  loaded: number;
  expected: number | null;
}

export interface SyncOptions {
  /** Called after each stored block range. */
  onProgress?: (p: SyncProgress) => void | Promise<void>;
  signal?: AbortSignal;
  /** Reads nothing when the last read of the wallet to the newest data was at most this long ago (RECENT_SYNC_MS). */
  reuseWithinMs?: number;
}

/**
 * How long after a sync finished reading a wallet's history up to the explorer's newest data
 * (sync_state.read_to_head_at; a mark moved in the middle of a sync does not count) a report takes the
 * stored history as it is instead of asking the explorer again: 10 minutes. Each read costs three
 * requests per wallet and chain of the explorer's 5 a second (shared by every user of this server's IP:
 * ~6 s of waiting for 10 wallets), and a report is often made again within minutes (after a declaration
 * or setting changed). It can miss at most the last 10 minutes of activity, and the report then says up
 * to when its history is (meta.historyReadAt). A read covers the newest ~2 hours again anyway (explorers
 * index some tables late, see coveredTo), so the newest minutes are never final on the first read either.
 */
export const RECENT_SYNC_MS = 10 * 60_000;

/** The records loaded by several syncs at once (every wallet on every chain of a report), summed. */
export class SyncTally {
  private readonly each = new Map<string, SyncProgress>();

  add(p: SyncProgress): { loaded: number; expected: number | null } {
    this.each.set(`${p.chainId}:${p.address}`, p);
    let loaded = 0;
    let expected = 0;
    let known = false;
    for (const e of this.each.values()) {
      loaded += e.loaded;
      expected += e.expected ?? e.loaded;
      known ||= e.expected !== null;
    }
    return { loaded, expected: known ? expected : null };
  }
}

/** A first sync over this many blocks or more is read in parallel ranges (about a month of PulseChain blocks). */
export const RANGE_BLOCKS = 250_000;
/** At most this many ranges at once: each reads its three lists, the upstream client keeps the explorer's pace. */
export const MAX_RANGES = 16;

/** Consecutive ranges covering [fromBlock, head]; the last one is open (read to the explorer's newest data). */
export function planRanges(fromBlock: number, head: number | null): Array<{ from: number; to?: number }> {
  if (head === null || head < fromBlock) return [{ from: fromBlock }];
  const span = head - fromBlock + 1;
  const count = Math.min(MAX_RANGES, Math.ceil(span / RANGE_BLOCKS));
  if (count <= 1) return [{ from: fromBlock }];
  const size = Math.ceil(span / count);
  return Array.from({ length: count }, (_, i) => {
    const from = fromBlock + i * size;
    return i === count - 1 ? { from } : { from, to: from + size - 1 };
  });
}

/** How long one answer of the explorer's newest block serves every sync on its chain (it only plans ranges). */
const HEAD_SHARED_MS = 10_000;
const heads = new WeakMap<HistorySource, Map<number, { at: number; head: Promise<number | null> }>>();

/**
 * The explorer's newest block, asked once for the syncs that start within HEAD_SHARED_MS on a chain (a report
 * syncs every wallet at once: one request instead of one per wallet at the explorer's pace). A failed read
 * is not kept.
 */
function sharedHead(source: HistorySource, chainId: number, signal: AbortSignal | undefined): Promise<number | null> {
  if (!source.headBlock) return Promise.resolve(null);
  // A cancellable sync asks alone: its abort must not fail the others' answer.
  if (signal) return source.headBlock(chainId, signal);
  const byChain = heads.get(source) ?? new Map<number, { at: number; head: Promise<number | null> }>();
  heads.set(source, byChain);
  const kept = byChain.get(chainId);
  if (kept && Date.now() - kept.at < HEAD_SHARED_MS) return kept.head;
  const head = source.headBlock(chainId);
  byChain.set(chainId, { at: Date.now(), head });
  head.catch(() => {
    if (byChain.get(chainId)?.head === head) byChain.delete(chainId);
  });
  return head;
}

type Key = { chainId: number; address: string; source: string };

/**
 * Inserts records not stored yet (one statement per 5,000 rows: arrays unnested by the database, no per-value
 * parameters to build); the number inserted.
 */
async function insertTransfers(tx: Pick<Db, "execute">, source: string, list: NormalizedTransfer[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < list.length; i += 5000) {
    const rows = list.slice(i, i + 5000).map((t) => transferRow(t, source));
    const col = <K extends keyof (typeof rows)[number]>(k: K) => sql.param(rows.map((r) => r[k] ?? null));
    const result = await tx.execute<{ n: number }>(sql`
      with ins as (
        insert into transfers (chain_id, tx_hash, kind, log_index, block_number, timestamp, from_address,
          to_address, token, amount, fee, method_id, source)
        select * from unnest(${col("chainId")}::integer[], ${col("txHash")}::text[], ${col("kind")}::text[],
          ${col("logIndex")}::integer[], ${col("blockNumber")}::bigint[], ${col("timestamp")}::bigint[],
          ${col("fromAddress")}::text[], ${col("toAddress")}::text[], ${col("token")}::text[],
          ${col("amount")}::numeric[], ${col("fee")}::numeric[], ${col("methodId")}::text[], ${col("source")}::text[])
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from ins`);
    added += Number(result.rows[0]?.n ?? 0);
  }
  return added;
}

/** Stores one range's records and moves the mark (when `mark` is given) in one transaction. */
async function storeRange(
  db: Db,
  key: Key,
  transfersRead: NormalizedTransfer[],
  mark: { syncedToBlock: number; partial: boolean; problems: string[]; readToHead: boolean } | null,
): Promise<number> {
  let added = 0;
  await db.transaction(async (tx) => {
    added = await insertTransfers(tx, key.source, transfersRead);
    if (mark)
      await writeSyncMark(
        tx,
        key,
        { syncedToBlock: mark.syncedToBlock, partial: mark.partial, problems: JSON.stringify(mark.problems) },
        { readToHead: mark.readToHead },
      );
  });
  return added;
}

/** The outcome of a sync that read nothing because the last read to the newest data was recent. */
function reusedOutcome(
  key: Key,
  mark: { syncedToBlock: number; problems: string | null; readToHeadAt: Date | null },
): SyncOutcome {
  const problems = mark.problems ? (JSON.parse(mark.problems) as string[]) : [];
  const toBlock = mark.syncedToBlock;
  const reusedReadAt = mark.readToHeadAt as Date;
  return { ...key, fromBlock: toBlock + 1, toBlock, added: 0, partial: false, problems, reusedReadAt };
}

/**
 * Incremental history: reads only blocks after the last synced one, stores the records and moves the mark in
 * one transaction, so a crash never skips blocks. A long span (a first sync) on a source that knows the
 * explorer's newest block is read in parallel block ranges; each range is stored as soon as it and every range
 * before it are read, with the mark at its end, so an interrupted sync continues where it stopped. A range that
 * came back incomplete stops the mark there (later ranges' records are stored, the next sync reads them again).
 */
export async function syncHistory(
  db: Db,
  source: HistorySource,
  chainId: number,
  address: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const wallet = address.toLowerCase();
  const key = { chainId, address: wallet, source: source.name };
  if (options.reuseWithinMs) {
    const recent = await recentSyncMark(db, key, options.reuseWithinMs);
    if (recent) return reusedOutcome(key, recent);
  }
  const plan = await planSync(db, source, key, options);
  const store = storeInOrder(db, key, plan, options.onProgress);
  const signal = options.signal;
  await Promise.all(
    plan.ranges.map(async (range, i) => {
      const result = await source.fetchTransfers({
        chainId,
        address: wallet,
        fromBlock: range.from,
        ...(range.to === undefined ? {} : { toBlock: range.to, marginBlocks: 0 }),
        ...(signal ? { signal } : {}),
      });
      await store.arrived(i, result);
    }),
  );
  return { chainId, address: wallet, source: source.name, fromBlock: plan.fromBlock, ...store.outcome() };
}

/** Where a sync starts (after the stored mark, with its problems) and the block ranges it reads. */
interface SyncPlan {
  fromBlock: number;
  problems: Set<string>;
  partial: boolean;
  ranges: Array<{ from: number; to?: number }>;
  /** The source's estimate of the wallet's records (a first read with progress), or null. */
  estimate: number | null;
}

async function planSync(db: Db, source: HistorySource, key: Key, options: SyncOptions): Promise<SyncPlan> {
  const { chainId, address: wallet } = key;
  const state = await readSyncMark(db, key);
  const fromBlock = state ? state.syncedToBlock + 1 : 0;
  const problems = new Set<string>(state?.problems ? (JSON.parse(state.problems) as string[]) : []);
  const signal = options.signal;
  // A first read splits only the span the wallet was active in (most histories start long after block 0).
  const [head, first, estimate] = await Promise.all([
    sharedHead(source, chainId, signal),
    fromBlock === 0 && source.headBlock ? (source.firstBlock?.(chainId, wallet, signal) ?? null) : null,
    fromBlock === 0 && options.onProgress ? (source.estimateRecords?.(chainId, wallet, signal) ?? null) : null,
  ]);
  const ranges = planRanges(Math.max(fromBlock, first ?? fromBlock), head);
  if (ranges[0]) ranges[0].from = fromBlock;
  return { fromBlock, problems, partial: Boolean(state?.partial), ranges, estimate };
}

/**
 * Stores the ranges' results in order, one transaction at a time, as soon as a range and every range before
 * it are read; the mark moves to the end of each stored range until the first incomplete one.
 */
function storeInOrder(db: Db, key: Key, plan: SyncPlan, onProgress: SyncOptions["onProgress"]) {
  const { ranges, problems, estimate } = plan;
  const results: Array<HistoryResult | undefined> = ranges.map(() => undefined);
  let partial = plan.partial;
  let next = 0;
  let mark = plan.fromBlock - 1;
  let gap = false;
  let added = 0;
  let loaded = 0;
  let stored = Promise.resolve();
  const storeReady = async () => {
    for (; next < ranges.length && results[next]; next++) {
      const range = ranges[next] as { from: number; to?: number };
      const result = results[next] as HistoryResult;
      for (const p of result.problems) problems.add(p);
      partial ||= result.partial;
      const complete = !result.partial && (range.to === undefined || result.toBlock >= range.to);
      if (!gap) mark = Math.max(mark, result.toBlock);
      const moved = !gap;
      gap ||= !complete;
      // The last (open) range read completely after complete ones: the history is read to the newest data.
      const readToHead = range.to === undefined && !gap && !partial;
      added += await storeRange(
        db,
        key,
        result.transfers,
        moved ? { syncedToBlock: mark, partial, problems: [...problems], readToHead } : null,
      );
      loaded += result.transfers.length;
      results[next] = undefined;
      await onProgress?.({
        chainId: key.chainId,
        address: key.address,
        loaded,
        expected: estimate === null ? null : Math.max(estimate, loaded),
      });
    }
  };
  return {
    /** Range `i` was read: stores it and every range after it that is ready. */
    async arrived(i: number, result: HistoryResult): Promise<void> {
      results[i] = result;
      stored = stored.then(storeReady);
      await stored;
    },
    outcome: () => ({ toBlock: mark, added, partial, problems: [...problems] }),
  };
}

/** The stored history of an address, oldest first. */
export async function storedTransfers(db: Db, chainId: number, address: string): Promise<NormalizedTransfer[]> {
  const wallet = address.toLowerCase();
  const rows = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.chainId, chainId), or(eq(transfers.fromAddress, wallet), eq(transfers.toAddress, wallet))))
    .orderBy(asc(transfers.blockNumber), asc(transfers.logIndex));
  return rows.map((r) => ({
    chainId: r.chainId,
    txHash: r.txHash,
    logIndex: r.logIndex,
    blockNumber: r.blockNumber,
    timestamp: r.timestamp,
    from: r.fromAddress as `0x${string}`,
    to: r.toAddress as `0x${string}`,
    token: r.token as `0x${string}` | "native",
    amount: r.amount,
    fee: r.fee,
    methodId: r.methodId,
    internal: r.kind === "i",
  }));
}

/** Token contracts that ever moved in or out of the address: the candidates for a balance read. */
export async function tokensSeen(db: Db, chainId: number, address: string): Promise<string[]> {
  const wallet = address.toLowerCase();
  const rows = await db
    .selectDistinct({ token: transfers.token })
    .from(transfers)
    .where(
      and(
        eq(transfers.chainId, chainId),
        eq(transfers.kind, "l"),
        or(eq(transfers.fromAddress, wallet), eq(transfers.toAddress, wallet)),
      ),
    );
  return rows.map((r) => r.token);
}

/** Whether every address has been synced at least once from each of the sources (chain and source name). */
export async function syncedOnce(
  db: Db,
  sources: readonly { chainId: number; name: string }[],
  addresses: readonly string[],
): Promise<boolean> {
  const wallets = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (wallets.length === 0 || sources.length === 0) return true;
  const rows = await db
    .select({ chainId: syncState.chainId, address: syncState.address, source: syncState.source })
    .from(syncState)
    .where(inArray(syncState.address, wallets));
  const done = new Set(rows.map((r) => `${r.chainId}:${r.source}:${r.address}`));
  return sources.every((s) => wallets.every((w) => done.has(`${s.chainId}:${s.name}:${w}`)));
}
