import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { watchlist } from "../db/schema.ts";

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

export async function watchedCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(watchlist).where(eq(watchlist.userId, userId));
  return row?.n ?? 0;
}

/** Adds the token once (adding it again keeps its first date). */
export async function addToWatchlist(db: Db, userId: string, t: { chainId: number; address: string }, now: Date) {
  await db
    .insert(watchlist)
    .values({ userId, chainId: t.chainId, address: t.address.toLowerCase(), addedAt: now })
    .onConflictDoNothing();
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
