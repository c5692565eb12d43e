import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { watchlist } from "../db/schema.ts";
import { type Tx, withUserLock } from "../db/user-lock.ts";

export interface WatchedToken {
  chainId: number;
  address: string;
  addedAt: Date;
}

export async function readWatchlist(db: Db, userId: string): Promise<WatchedToken[]> {
  return db
    .select({ chainId: watchlist.chainId, address: watchlist.address, addedAt: watchlist.addedAt })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(asc(watchlist.addedAt));
}

async function watchedCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(watchlist).where(eq(watchlist.userId, userId));
  return row?.n ?? 0;
}

/**
 * Adds the token once (adding it again keeps its first date); false when the list already holds `limit`
 * tokens. Counted and inserted under the user's lock, so parallel adds cannot pass the limit together.
 */
export async function addToWatchlist(
  db: Db,
  userId: string,
  t: { chainId: number; address: string },
  now: Date,
  limit: number,
): Promise<boolean> {
  return withUserLock(db, userId, async (tx) => {
    if ((await watchedCount(tx, userId)) >= limit) return false;
    await tx
      .insert(watchlist)
      .values({ userId, chainId: t.chainId, address: t.address.toLowerCase(), addedAt: now })
      .onConflictDoNothing();
    return true;
  });
}

export async function removeFromWatchlist(db: Db, userId: string, t: { chainId: number; address: string }) {
  await db
    .delete(watchlist)
    .where(
      and(
        eq(watchlist.userId, userId),
        eq(watchlist.chainId, t.chainId),
        eq(watchlist.address, t.address.toLowerCase()),
      ),
    );
}
