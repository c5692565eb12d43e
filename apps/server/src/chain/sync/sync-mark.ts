import { and, eq, sql } from "drizzle-orm";
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

/**
 * The mark, if it was last written within `withinMs` (by the database's clock, which wrote it) by a
 * complete read (not partial); undefined otherwise.
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
        sql`${syncState.updatedAt} >= now() - ${withinMs}::int * interval '1 millisecond'`,
      ),
    );
  return state;
}

/** Moves the mark (call it in the transaction that stores what was read, so a crash never skips blocks). */
export async function writeSyncMark(
  tx: Executor,
  key: SyncMarkKey,
  mark: { syncedToBlock: number; partial?: boolean; problems?: string },
): Promise<void> {
  await tx
    .insert(syncState)
    .values({ ...key, ...mark })
    .onConflictDoUpdate({
      target: [syncState.chainId, syncState.address, syncState.source],
      set: { ...mark, updatedAt: sql`now()` },
    });
}
