import { type NormalizedTransfer, transferKindOf } from "@pulsemanager/core";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { syncState, transfers } from "../../db/schema.ts";
import type { HistorySource } from "../explorers/types.ts";
import { readSyncMark, writeSyncMark } from "./sync-mark.ts";

export interface SyncOutcome {
  chainId: number;
  address: string;
  source: string;
  fromBlock: number;
  toBlock: number;
  added: number;
  partial: boolean;
  problems: string[];
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

/**
 * Incremental history: reads only blocks after the last synced one, stores the
 * records and moves the mark in one transaction, so a crash never skips blocks.
 */
export async function syncHistory(
  db: Db,
  source: HistorySource,
  chainId: number,
  address: string,
): Promise<SyncOutcome> {
  const wallet = address.toLowerCase();
  const key = { chainId, address: wallet, source: source.name };
  const state = await readSyncMark(db, key);
  const fromBlock = state ? state.syncedToBlock + 1 : 0;
  const result = await source.fetchTransfers({ chainId, address: wallet, fromBlock });
  const problems = [
    ...new Set([...(state?.problems ? (JSON.parse(state.problems) as string[]) : []), ...result.problems]),
  ];
  const partial = Boolean(state?.partial) || result.partial;

  let added = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < result.transfers.length; i += 500) {
      const rows = result.transfers.slice(i, i + 500).map((t) => transferRow(t, source.name));
      const inserted = await tx.insert(transfers).values(rows).onConflictDoNothing().returning({ h: transfers.txHash });
      added += inserted.length;
    }
    const toBlock = Math.max(result.toBlock, fromBlock - 1);
    await writeSyncMark(tx, key, { syncedToBlock: toBlock, partial, problems: JSON.stringify(problems) });
  });
  return {
    chainId,
    address: wallet,
    source: source.name,
    fromBlock,
    toBlock: result.toBlock,
    added,
    partial,
    problems,
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
