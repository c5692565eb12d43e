import { PORTFOLIO_CACHE_SECONDS, PORTFOLIO_REFRESH_LIMIT_SECONDS, type PortfolioResult } from "@pulsemanager/core";
import { asc, eq, sql } from "drizzle-orm";
import { portfolioCache, portfolioSnapshots } from "../db/schema.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { loadPortfolio, type PortfolioDeps } from "./portfolio-service.ts";

export class RefreshTooSoon extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`refresh refused for ${retryAfterSeconds} more seconds`);
  }
}

/** Who asked for a load: the page (a first or outdated read) or the user's refresh button. */
type LoadKind = "auto" | "manual";

/**
 * A result younger than 10 minutes is served from the database. The refresh limit (5 minutes)
 * counts from the user's last successful refresh only: a load the page did itself or a refresh
 * that could not read everything leaves the limit where it was (`refreshAvailableAt` of the
 * stored result). Loads of one user run one at a time; a wallet change drops the load in flight,
 * so a read that began before the change is never stored as the new state.
 */
export class PortfolioCache {
  private readonly inFlight = new Map<string, Promise<PortfolioResult>>();
  /** Moves on every invalidation: a load started under an older generation is not stored. */
  private readonly generations = new Map<string, number>();
  /** A few seconds of memory in front of the database row: several processes still agree within that time. */
  private readonly memory = new Map<string, { row: { result: PortfolioResult; loadedAt: Date }; until: number }>();

  constructor(
    private readonly deps: PortfolioDeps,
    private readonly memoryMs = 5000,
  ) {}

  /**
   * The stored result while younger than 10 minutes, else a new load. With `retryUnreadAfterSeconds`, a
   * stored result that could not read every wallet is loaded again once it is that old (a caller that
   * promised "asked again within seconds", not in ten minutes).
   */
  async get(userId: string, options: { retryUnreadAfterSeconds?: number } = {}): Promise<PortfolioResult> {
    const cached = await this.read(userId);
    const retry = options.retryUnreadAfterSeconds;
    const unreadTooLong =
      retry !== undefined &&
      cached !== undefined &&
      cached.result.readFailures.length > 0 &&
      cached.ageSeconds >= retry;
    if (cached && cached.ageSeconds < PORTFOLIO_CACHE_SECONDS && !unreadTooLong) return cached.result;
    return this.load(userId);
  }

  async refresh(userId: string): Promise<PortfolioResult> {
    const cached = await this.read(userId);
    const waitMs = cached ? Date.parse(cached.result.refreshAvailableAt) - this.deps.now().getTime() : 0;
    if (waitMs > 0) throw new RefreshTooSoon(Math.ceil(waitMs / 1000));
    return this.load(userId, "manual");
  }

  /**
   * The wallets (or choices) changed: the next read loads again. The row stays as an outdated one, so
   * the refresh limit it carries still holds.
   */
  async invalidate(userId: string): Promise<void> {
    this.generations.set(userId, this.generationOf(userId) + 1);
    this.inFlight.delete(userId);
    this.memory.delete(userId);
    await this.deps.db
      .update(portfolioCache)
      .set({ loadedAt: new Date(0) })
      .where(eq(portfolioCache.userId, userId));
  }

  private generationOf(userId: string): number {
    return this.generations.get(userId) ?? 0;
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
        // Stored before read failures were named: none known.
        readFailures: result.readFailures ?? [],
        fromCache: true,
        apiCalls: 0,
        stale: ageSeconds >= PORTFOLIO_CACHE_SECONDS,
      },
    };
  }

  private load(userId: string, kind: LoadKind = "auto"): Promise<PortfolioResult> {
    const running = this.inFlight.get(userId);
    if (running) return running;
    const work: Promise<PortfolioResult> = this.loadAndStore(userId, kind).finally(() => {
      if (this.inFlight.get(userId) === work) this.inFlight.delete(userId);
    });
    this.inFlight.set(userId, work);
    return work;
  }

  /** The limit a new result carries: moved on by a refresh of the user that read everything, else kept. */
  private async nextRefreshAvailableAt(userId: string, kind: LoadKind, result: PortfolioResult): Promise<string> {
    const now = this.deps.now();
    if (kind === "manual" && result.success) {
      return new Date(now.getTime() + PORTFOLIO_REFRESH_LIMIT_SECONDS * 1000).toISOString();
    }
    const previous = (await this.row(userId))?.result.refreshAvailableAt;
    return previous && Date.parse(previous) > now.getTime() ? previous : now.toISOString();
  }

  private async loadAndStore(userId: string, kind: LoadKind): Promise<PortfolioResult> {
    const generation = this.generationOf(userId);
    const result = await loadPortfolio(this.deps, userId);
    const now = this.deps.now();
    const refreshAvailableAt = await this.nextRefreshAvailableAt(userId, kind, result);
    const stored = { ...result, refreshAvailableAt };
    // The wallets changed while this load ran: its answer is not the user's current state.
    if (generation !== this.generationOf(userId)) return stored;
    const kept = await this.deps.db.transaction(async (tx) => {
      // Checked in the same transaction as the write, so a change made by another process counts too.
      if (!sameWallets(stored, await activeWallets(tx, userId))) return false;
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
      return true;
    });
    if (kept && generation === this.generationOf(userId))
      this.memory.set(userId, { row: { result: stored, loadedAt: now }, until: Date.now() + this.memoryMs });
    return stored;
  }
}

/** Whether a result was loaded for exactly the wallets that are active now. */
function sameWallets(result: PortfolioResult, active: readonly { id: string }[]): boolean {
  const loaded = new Set(result.wallets.flatMap((w) => w.ids));
  return loaded.size === active.length && active.every((w) => loaded.has(w.id));
}
