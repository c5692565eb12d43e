import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { syncState } from "../../db/schema.ts";

/** Either the database or a transaction on it. */
type Executor = Pick<Db, "select" | "insert">;

export interface SyncMarkKey {
  chainId: number;
  /** Lower-case wallet address. */
  address: string;
  /** What was read: a history source's name, or another reader's ("hex-stakes"). */
  source: string;
}

/** How far a wallet was read from a source (sync_state); undefined before the first read. */
export async function readSyncMark(db: Executor, key: SyncMarkKey) {
  const [state] = await db
    .select()
    .from(syncState)
    .where(
      and(eq(syncState.chainId, key.chainId), eq(syncState.address, key.address), eq(syncState.source, key.source)),
    );
  return state;
}

/** Every mark of the wallets (lower-case), by chain, wallet and source: how far each was read. */
export async function readSyncMarks(db: Pick<Db, "select">, addresses: readonly string[]) {
  if (addresses.length === 0) return [];
  return db
    .select()
    .from(syncState)
    .where(inArray(syncState.address, [...addresses]))
    .orderBy(asc(syncState.address), asc(syncState.chainId), asc(syncState.source));
}

/**
 * The mark, if a sync finished reading the history up to the explorer's newest data within `withinMs`
 * (by the database's clock, which wrote the time) and it was complete (not partial); undefined otherwise.
 */
export async function recentSyncMark(db: Executor, key: SyncMarkKey, withinMs: number) {
  const [state] = await db
    .select()
    .from(syncState)
    .where(
      and(
        eq(syncState.chainId, key.chainId),
        eq(syncState.address, key.address),
        eq(syncState.source, key.source),
        eq(syncState.partial, false),
        sql`${syncState.readToHeadAt} >= now() - ${withinMs}::int * interval '1 millisecond'`,
      ),
    );
  return state;
}

/**
 * Moves the mark (call it in the transaction that stores what was read, so a crash never skips blocks).
 * `readToHead`: the read reached the explorer's newest data (sets read_to_head_at to now).
 */
export async function writeSyncMark(
  tx: Executor,
  key: SyncMarkKey,
  mark: { syncedToBlock: number; partial?: boolean; problems?: string },
  o: { readToHead?: boolean } = {},
): Promise<void> {
  const at = o.readToHead ? { readToHeadAt: sql`now()` } : {};
  await tx
    .insert(syncState)
    .values({ ...key, ...mark, ...at })
    .onConflictDoUpdate({
      target: [syncState.chainId, syncState.address, syncState.source],
      set: { ...mark, ...at, updatedAt: sql`now()` },
    });
}
