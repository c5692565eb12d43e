import { PORTFOLIO_CACHE_SECONDS, PORTFOLIO_REFRESH_LIMIT_SECONDS, type PortfolioResult } from "@pulsemanager/core";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { portfolioCache, portfolioSnapshots } from "../db/schema.ts";
import { loadPortfolio, type PortfolioDeps } from "./portfolio-service.ts";

export class RefreshTooSoon extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`refresh refused for ${retryAfterSeconds} more seconds`);
  }
}

/**
 * A result younger than 10 minutes is served from the database; a
 * refresh within 5 minutes of the last load is refused with the seconds left.
 * Loads of one user run one at a time.
 */
export class PortfolioCache {
  private readonly inFlight = new Map<string, Promise<PortfolioResult>>();
  /** A few seconds of memory in front of the database row: several processes still agree within that time. */
  private readonly memory = new Map<string, { row: { result: PortfolioResult; loadedAt: Date }; until: number }>();

  constructor(
    private readonly deps: PortfolioDeps,
    private readonly memoryMs = 5000,
  ) {}

  async get(userId: string): Promise<PortfolioResult> {
    const cached = await this.read(userId);
    if (cached && cached.ageSeconds < PORTFOLIO_CACHE_SECONDS) return cached.result;
    return this.load(userId);
  }

  async refresh(userId: string): Promise<PortfolioResult> {
    const cached = await this.read(userId);
    if (cached && cached.ageSeconds < PORTFOLIO_REFRESH_LIMIT_SECONDS) {
      throw new RefreshTooSoon(PORTFOLIO_REFRESH_LIMIT_SECONDS - cached.ageSeconds);
    }
    return this.load(userId);
  }

  async invalidate(userId: string): Promise<void> {
    this.memory.delete(userId);
    await this.deps.db.delete(portfolioCache).where(eq(portfolioCache.userId, userId));
  }

  private async row(userId: string): Promise<{ result: PortfolioResult; loadedAt: Date } | undefined> {
    const hit = this.memory.get(userId);
    if (hit && hit.until > Date.now()) return hit.row;
    const [row] = await this.deps.db.select().from(portfolioCache).where(eq(portfolioCache.userId, userId));
    if (!row) return undefined;
    const value = { result: row.result as PortfolioResult, loadedAt: row.loadedAt };
    this.memory.set(userId, { row: value, until: Date.now() + this.memoryMs });
    return value;
  }

  async history(userId: string): Promise<{ day: string; totalValue: string }[]> {
    return this.deps.db
      .select({ day: portfolioSnapshots.day, totalValue: portfolioSnapshots.totalValue })
      .from(portfolioSnapshots)
      .where(eq(portfolioSnapshots.userId, userId))
      .orderBy(asc(portfolioSnapshots.day));
  }

  private async read(userId: string): Promise<{ result: PortfolioResult; ageSeconds: number } | undefined> {
    const row = await this.row(userId);
    if (!row) return undefined;
    const ageSeconds = Math.max(0, Math.floor((this.deps.now().getTime() - row.loadedAt.getTime()) / 1000));
    const result = row.result;
    return {
      ageSeconds,
      result: {
        ...result,
        // Stored before positions existed: none.
        positions: result.positions ?? [],
        positionTotals: result.positionTotals ?? { liquidity: "0", staked: "0" },
        // Stored before the flag existed: whether ROI figures are in it is not known.
        roiIncluded: result.roiIncluded ?? false,
        fromCache: true,
        apiCalls: 0,
        stale: ageSeconds >= PORTFOLIO_CACHE_SECONDS,
      },
    };
  }

  private load(userId: string): Promise<PortfolioResult> {
    const running = this.inFlight.get(userId);
    if (running) return running;
    const work = this.loadAndStore(userId).finally(() => this.inFlight.delete(userId));
    this.inFlight.set(userId, work);
    return work;
  }

  private async loadAndStore(userId: string): Promise<PortfolioResult> {
    const result = await loadPortfolio(this.deps, userId);
    const now = this.deps.now();
    const refreshAvailableAt = new Date(now.getTime() + PORTFOLIO_REFRESH_LIMIT_SECONDS * 1000).toISOString();
    const stored = { ...result, refreshAvailableAt };
    this.memory.set(userId, { row: { result: stored, loadedAt: now }, until: Date.now() + this.memoryMs });
    await this.deps.db.transaction(async (tx) => {
      await tx
        .insert(portfolioCache)
        .values({ userId, result: stored, loadedAt: now })
        .onConflictDoUpdate({ target: portfolioCache.userId, set: { result: stored, loadedAt: now } });
      if (result.walletCount > 0) {
        const day = now.toISOString().slice(0, 10);
        await tx
          .insert(portfolioSnapshots)
          .values({ userId, day, totalValue: result.totalValue, updatedAt: now })
          .onConflictDoUpdate({
            target: [portfolioSnapshots.userId, portfolioSnapshots.day],
            set: { totalValue: result.totalValue, updatedAt: sql`excluded.updated_at` },
          });
      }
    });
    return stored;
  }
}
