import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Namespace of the per-user lock (the other advisory keys of the app: migrate.ts, report-queue.ts). */
const USER_LIMITS_LOCK_SPACE = 8_369_003;

/**
 * Runs `work` in a transaction that holds the user's lock: a limit counted inside it stays true until
 * its insert commits, because the user's next request waits for the lock (parallel adds cannot all
 * see the count below the limit). The lock ends with the transaction.
 */
export async function withUserLock<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_LIMITS_LOCK_SPACE}, hashtext(${userId}))`);
    return work(tx);
  });
}
