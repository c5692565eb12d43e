import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

export interface WindowState {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so every server process on the same
 * PostgreSQL sees the same numbers.
 */
export class FixedWindowLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private window(windowSeconds: number): { start: number; retryAfterSeconds: number } {
    const ms = windowSeconds * 1000;
    const now = this.now();
    const start = Math.floor(now / ms) * ms;
    return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + ms - now) / 1000)) };
  }

  async peek(key: string, windowSeconds: number): Promise<WindowState> {
    const { start, retryAfterSeconds } = this.window(windowSeconds);
    const rows = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)));
    return { count: rows[0]?.count ?? 0, retryAfterSeconds };
  }

  async hit(key: string, windowSeconds: number): Promise<WindowState> {
    const { start, retryAfterSeconds } = this.window(windowSeconds);
    const rows = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    return { count: rows[0]?.count ?? 1, retryAfterSeconds };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Old windows are useless; called now and then. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, this.now() - olderThanMs));
  }
}
