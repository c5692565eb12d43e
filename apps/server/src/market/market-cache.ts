import type { MarketSource } from "@pulsemanager/core";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { marketCache } from "../db/schema.ts";
import type { Logger } from "../logger.ts";

/** Market data younger than this is served as it is; older is served as stale while a refresh runs. */
export const MARKET_FRESH_MS = 60_000;
/** How long one process may ask the provider before another may try; also the pause after a failure. */
const LEASE_MS = 60_000;
/**
 * The pause after a failed read of a resource of which nothing is stored: the answer is "not available
 * yet", never an empty fact, and the page asks again after it (the answer's `retryAfterSeconds`).
 */
export const MARKET_RETRY_MS = 5_000;
/** How often a process looks into the database for a refresh another process made. */
const RECHECK_MS = 1_000;
const WAIT_FOR_OTHER_MS = 15_000;

export interface Loaded<T> {
  data: T;
  source: MarketSource;
}

export interface Cached<T> extends Loaded<T> {
  asOf: Date;
  stale: boolean;
}

interface Entry {
  data: unknown;
  source: MarketSource;
  asOf: Date;
  checkedAt: number;
}

/** No data for the resource and the provider did not answer. */
export class MarketUnavailableError extends Error {
  constructor(
    readonly key: string,
    cause?: unknown,
  ) {
    super(`market data ${key} is not available`, { cause });
    this.name = "MarketUnavailableError";
  }
}

/**
 * Market data shared by all users and processes, kept in the database. However many users ask, a
 * resource is fetched from its provider at most once a minute: a request while the data is fresh is
 * answered from the cache; one after that gets the stale data at once (marked so) while one refresh
 * runs, and only a process holding the row's lease asks the provider. A failed refresh keeps the old
 * data (still marked stale, with its time) and the next attempt waits a minute; with nothing stored,
 * a failed read is never kept as a fact: the answer is unavailable and the next attempt may come
 * after MARKET_RETRY_MS.
 */
export class MarketCache {
  private readonly memory = new Map<string, Entry>();
  private readonly refreshing = new Map<string, Promise<Entry | null>>();
  private readonly reading = new Map<string, Promise<Entry | undefined>>();
  /** Why this process's last read of a resource failed (the cause of its "unavailable"). */
  private readonly failures = new Map<string, unknown>();
  private readonly now: () => Date;
  private readonly freshMs: number;

  constructor(private readonly deps: { db: Db; logger?: Logger; now?: () => Date; freshMs?: number }) {
    this.now = deps.now ?? (() => new Date());
    this.freshMs = deps.freshMs ?? MARKET_FRESH_MS;
  }

  /**
   * The resource, fresh or stale. With nothing stored, the caller waits for the first read; with
   * `waitMs`, at most that long: a read that takes longer (a node that does not answer) is answered
   * unavailable at once while it goes on, and a later request gets its data.
   */
  async get<T>(key: string, load: () => Promise<Loaded<T>>, options: { waitMs?: number } = {}): Promise<Cached<T>> {
    const mem = this.memory.get(key);
    if (mem && this.isFresh(mem)) return view<T>(mem, false);
    // A refresh already runs in this process: no database round trip for the callers that follow.
    const running = this.refreshing.get(key);
    if (running) return mem ? view<T>(mem, true) : this.awaited<T>(key, running, options.waitMs);
    const known = await this.known(key);
    if (known && this.isFresh(known)) return view<T>(known, false);
    const refresh = this.refresh(key, load);
    if (known) {
      void refresh.catch(() => undefined);
      return view<T>(known, true);
    }
    return this.awaited<T>(key, refresh, options.waitMs);
  }

  private async awaited<T>(key: string, refresh: Promise<Entry | null>, waitMs?: number): Promise<Cached<T>> {
    const loaded = await (waitMs === undefined ? refresh : withinMs(refresh, waitMs));
    if (loaded === TIMED_OUT) throw new MarketUnavailableError(key, new Error(`no answer within ${waitMs} ms`));
    if (!loaded) throw new MarketUnavailableError(key, this.failures.get(key));
    return view<T>(loaded, !this.isFresh(loaded));
  }

  /** Resolves when no refresh is under way (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.refreshing.values()]);
  }

  private isFresh(entry: Entry): boolean {
    return this.now().getTime() - entry.asOf.getTime() < this.freshMs;
  }

  /** What this process knows, looking into the database when it may hold something newer (one read at a time). */
  private known(key: string): Promise<Entry | undefined> {
    const mem = this.memory.get(key);
    if (mem && (this.isFresh(mem) || this.now().getTime() - mem.checkedAt < RECHECK_MS)) return Promise.resolve(mem);
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.readRow(key, mem).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  private async readRow(key: string, mem: Entry | undefined): Promise<Entry | undefined> {
    const [row] = await this.deps.db.select().from(marketCache).where(eq(marketCache.key, key));
    if (!row?.fetchedAt || row.data === null) return mem;
    const entry = entryOf(row, this.now());
    this.memory.set(key, entry);
    return entry;
  }

  private refresh<T>(key: string, load: () => Promise<Loaded<T>>): Promise<Entry | null> {
    const running = this.refreshing.get(key);
    if (running) return running;
    const run = this.refreshOnce(key, load).finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, run);
    return run;
  }

  private async refreshOnce<T>(key: string, load: () => Promise<Loaded<T>>): Promise<Entry | null> {
    if (!(await this.takeLease(key))) return this.waitForOther(key);
    try {
      const loaded = await load();
      const asOf = this.now();
      await this.deps.db
        .update(marketCache)
        .set({ data: loaded.data as object, source: loaded.source, fetchedAt: asOf, leaseUntil: null, error: null })
        .where(eq(marketCache.key, key));
      const entry: Entry = { data: loaded.data, source: loaded.source, asOf, checkedAt: asOf.getTime() };
      this.memory.set(key, entry);
      this.failures.delete(key);
      return entry;
    } catch (err) {
      this.failures.set(key, err);
      this.deps.logger?.warn({ err, key }, "market data refresh failed");
      // With old data to serve the provider is not asked again for a minute; with none, in a few seconds.
      const errorAt = this.now();
      const pause = this.memory.has(key) ? LEASE_MS : MARKET_RETRY_MS;
      await this.deps.db
        .update(marketCache)
        .set({
          error: String(err instanceof Error ? err.message : err).slice(0, 500),
          errorAt,
          leaseUntil: new Date(errorAt.getTime() + pause),
        })
        .where(eq(marketCache.key, key));
      return null;
    }
  }

  /** True when this process may ask the provider now (no other holds the row's lease). */
  private async takeLease(key: string): Promise<boolean> {
    const now = this.now();
    const until = new Date(now.getTime() + LEASE_MS);
    const taken = await this.deps.db
      .insert(marketCache)
      .values({ key, leaseUntil: until })
      .onConflictDoUpdate({
        target: marketCache.key,
        set: { leaseUntil: until },
        setWhere: sql`${marketCache.leaseUntil} is null or ${marketCache.leaseUntil} <= ${now.toISOString()}`,
      })
      .returning({ key: marketCache.key });
    return taken.length > 0;
  }

  /**
   * Another process is asking the provider: wait for its answer in the database. A lease whose read
   * already failed is the minute's pause after a failure: nobody is asking, so nothing is waited for.
   */
  private async waitForOther(key: string): Promise<Entry | null> {
    const before = this.memory.get(key)?.asOf.getTime() ?? 0;
    const started = this.now().getTime();
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    while (Date.now() < deadline) {
      const [row] = await this.deps.db.select().from(marketCache).where(eq(marketCache.key, key));
      if (row?.fetchedAt && row.data !== null && row.fetchedAt.getTime() > before) {
        const entry = entryOf(row, this.now());
        this.memory.set(key, entry);
        return entry;
      }
      if (row?.errorAt && row.errorAt.getTime() >= started) return null;
      if (row && failedUnderLease(row)) return null;
      await new Promise((r) => setTimeout(r, 200));
    }
    return null;
  }
}

/** The row's last read failed after its lease was taken: the lease is the pause after that failure. */
function failedUnderLease(row: { errorAt: Date | null; leaseUntil: Date | null }): boolean {
  if (!row.errorAt || !row.leaseUntil) return false;
  return row.errorAt.getTime() >= row.leaseUntil.getTime() - LEASE_MS;
}

const TIMED_OUT = Symbol("timed out");

/** The promise's value, or TIMED_OUT after `ms` (the promise goes on; its failure is handled by its owner). */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function entryOf(row: { data: unknown; source: string | null; fetchedAt: Date | null }, now: Date): Entry {
  return { data: row.data, source: row.source as MarketSource, asOf: row.fetchedAt as Date, checkedAt: now.getTime() };
}

function view<T>(entry: Entry, stale: boolean): Cached<T> {
  return { data: entry.data as T, source: entry.source, asOf: entry.asOf, stale };
}
