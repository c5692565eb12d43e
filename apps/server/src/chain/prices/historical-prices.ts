import {
  currentPriceSource,
  HISTORICAL_PRICE_ORDER,
  type HistoricalPriceStep,
  NATIVE,
  type PriceQuote,
  priceSeriesOf,
  type TokenRegistry,
} from "@pulsemanager/core";
import type { Db } from "../../db/client.ts";
import { priceHistory } from "../../db/schema.ts";
import { BlockByTime } from "../rpc/block-by-time.ts";
import { DEFILLAMA_RELIABLE_CONFIDENCE, type DefiLlamaClient } from "./defillama.ts";
import { poolPricesAt } from "./pool-points.ts";
import type { PricedChain, PriceRequest } from "./price-service.ts";

export type Granularity = "day" | "at";

export interface HistoricalAnswer {
  /** address -> point (unix seconds) -> quote; a missing point has no price (never a silent zero). */
  prices: Map<string, Map<number, PriceQuote>>;
  problems: string[];
  partial: boolean;
}

export const DAY_SECONDS = 86_400;

/** A token and, optionally, only the points it needs (a report asks each token for the days it moved). */
export interface HistoricalRequest extends PriceRequest {
  points?: readonly number[];
}

export function dayStart(unix: number): number {
  return Math.floor(unix / DAY_SECONDS) * DAY_SECONDS;
}

/** One request of `prices` while it walks the steps: what is open, what was found. */
interface HistoricalAsk {
  chainId: number;
  granularity: Granularity;
  wrapped: string | undefined;
  /** Each token asked for, with the series that prices it. */
  open: { address: string; series: string; decimals: number }[];
  /** Per series the points any of its tokens asks for. */
  seriesPoints: Map<string, Set<number>>;
  found: Map<string, Map<number, PriceQuote>>;
  /** Found by a provider or the pools in this call: stored for good afterwards. */
  fresh: { series: string; at: number; q: PriceQuote }[];
  problems: string[];
  pointsOf(t: HistoricalRequest): number[];
}

function put(m: Map<string, Map<number, PriceQuote>>, key: string, at: number, q: PriceQuote): void {
  let byAt = m.get(key);
  if (!byAt) {
    byAt = new Map();
    m.set(key, byAt);
  }
  byAt.set(at, q);
}

/** A point of a price series. */
type SeriesPoint = { series: string; at: number };

/** The series points no step has priced yet. */
function missing(ask: HistoricalAsk): SeriesPoint[] {
  return [...ask.seriesPoints].flatMap(([series, points]) =>
    [...points].filter((at) => !ask.found.get(series)?.has(at)).map((at) => ({ series, at })),
  );
}

/**
 * Historical USD prices (per day, or at a moment), walking the price order of core's price-policy.ts
 * (HISTORICAL_PRICE_ORDER): stablecoins, stored prices, DefiLlama, then the chain's pools as they were
 * at the block of that time. Every price found is stored for good.
 */
export class HistoricalPriceService {
  private readonly blockFinders = new Map<number, BlockByTime>();
  /** Each step prices what is still open (`todo`, never empty) into `ask.found`. */
  private readonly steps: Record<HistoricalPriceStep, (ask: HistoricalAsk, todo: SeriesPoint[]) => Promise<void>> = {
    stablecoin: async (ask) => this.fromStablecoins(ask),
    stored: (ask, todo) => this.fromStored(ask, todo),
    defillama: (ask, todo) => this.fromDefiLlama(ask, todo),
    pools: (ask, todo) => this.fromPools(ask, todo),
  };

  constructor(
    private readonly deps: {
      db: Db;
      registry: TokenRegistry;
      chains: ReadonlyMap<number, PricedChain>;
      defillama?: DefiLlamaClient;
    },
  ) {}

  async prices(
    chainId: number,
    tokens: readonly HistoricalRequest[],
    /** The points of every token that does not name its own. */
    points: readonly number[],
    granularity: Granularity,
  ): Promise<HistoricalAnswer> {
    const ask = this.askFor(chainId, tokens, points, granularity);
    for (const step of HISTORICAL_PRICE_ORDER) {
      const todo = missing(ask);
      if (todo.length === 0) break;
      await this.steps[step](ask, todo);
    }
    await this.storeFresh(ask);
    const prices = new Map<string, Map<number, PriceQuote>>();
    for (const o of ask.open) {
      const s = ask.found.get(o.series);
      if (!s) continue;
      const viaBase = o.address !== o.series && o.address !== NATIVE;
      for (const [at, q] of s) put(prices, o.address, at, viaBase ? { ...q, source: "wrapped_base" } : q);
    }
    return { prices, problems: ask.problems, partial: ask.problems.length > 0 };
  }

  /** The request: each token with the series that prices it and the points it needs. */
  private askFor(
    chainId: number,
    tokens: readonly HistoricalRequest[],
    points: readonly number[],
    granularity: Granularity,
  ): HistoricalAsk {
    const { registry } = this.deps;
    const norm = (p: number) => (granularity === "day" ? dayStart(p) : p);
    const wanted = [...new Set(points.map(norm))].sort((a, b) => a - b);
    const ask: HistoricalAsk = {
      chainId,
      granularity,
      wrapped: registry.wrappedNative(chainId)?.address,
      open: [],
      seriesPoints: new Map(),
      found: new Map(),
      fresh: [],
      problems: [],
      pointsOf: (t) => (t.points ? [...new Set(t.points.map(norm))] : wanted),
    };
    for (const t of tokens) {
      const address = t.address === NATIVE ? NATIVE : t.address.toLowerCase();
      const series = priceSeriesOf(registry, chainId, address);
      ask.open.push({ address, series, decimals: t.decimals });
      const sp = ask.seriesPoints.get(series) ?? new Set<number>();
      for (const at of ask.pointsOf(t)) sp.add(at);
      ask.seriesPoints.set(series, sp);
    }
    return ask;
  }

  /** A real (bridged) stablecoin is 1 USD; a fork copy of one is not a stablecoin. */
  private async fromStablecoins(ask: HistoricalAsk): Promise<void> {
    for (const [series, points] of ask.seriesPoints) {
      if (!this.deps.registry.isRealStablecoin(ask.chainId, series)) continue;
      for (const at of points) put(ask.found, series, at, { usd: "1", source: "stablecoin", reliable: true, at });
    }
  }

  private async fromStored(ask: HistoricalAsk, todo: SeriesPoint[]): Promise<void> {
    const seriesList = [...new Set(todo.map((m) => m.series))];
    const allPoints = [...new Set(todo.map((m) => m.at))];
    if (seriesList.length === 0 || allPoints.length === 0) return;
    const stored = await readStoredPrices(this.deps.db, ask.chainId, ask.granularity, seriesList, allPoints);
    for (const r of stored) put(ask.found, r.token, r.at, r.quote);
  }

  private async fromDefiLlama(ask: HistoricalAsk, todo: SeriesPoint[]): Promise<void> {
    if (!this.deps.defillama) return;
    const bySeries = new Map<string, number[]>();
    for (const m of todo) bySeries.set(m.series, [...(bySeries.get(m.series) ?? []), m.at]);
    const batch = await this.deps.defillama.batchHistorical(
      [...bySeries].map(([series, timestamps]) => ({ chainId: ask.chainId, address: series, timestamps })),
      { searchWidth: ask.granularity === "day" ? "12h" : "4h" },
    );
    ask.problems.push(...batch.problems);
    for (const [series, ats] of bySeries) {
      const s = batch.quotes.get(`${ask.chainId}:${series}`);
      if (!s) continue;
      for (const at of ats) {
        const point = nearest(s.prices, at);
        if (!point) continue;
        const reliable = (point.confidence ?? s.confidence ?? 1) >= DEFILLAMA_RELIABLE_CONFIDENCE;
        const q: PriceQuote = { usd: point.usd, source: "defillama", reliable, at };
        put(ask.found, series, at, q);
        ask.fresh.push({ series, at, q });
      }
    }
  }

  private async fromPools(ask: HistoricalAsk, todo: SeriesPoint[]): Promise<void> {
    const { chainId, granularity } = ask;
    const chain = this.deps.chains.get(chainId);
    if (!chain?.pools) return;
    const blocks = this.blockFinders.get(chainId) ?? new BlockByTime(chain.client);
    this.blockFinders.set(chainId, blocks);
    const read = await poolPricesAt(
      { chainId, client: chain.client, pools: chain.pools, blocks, wrapped: ask.wrapped },
      todo,
      (series) => ask.open.find((o) => o.series === series)?.decimals ?? 18,
      (at) => (granularity === "day" ? at + DAY_SECONDS - 1 : at),
    );
    ask.problems.push(...read.problems);
    for (const { series, at, q } of read.quotes) {
      put(ask.found, series, at, q);
      ask.fresh.push({ series, at, q });
    }
  }

  private async storeFresh(ask: HistoricalAsk): Promise<void> {
    if (ask.fresh.length === 0) return;
    await this.deps.db
      .insert(priceHistory)
      .values(
        ask.fresh.map(({ series, at, q }) => ({
          chainId: ask.chainId,
          token: series,
          granularity: ask.granularity,
          at,
          usd: q.usd,
          source: q.source,
          reliable: q.reliable,
          note: q.note ?? null,
        })),
      )
      .onConflictDoNothing();
  }
}

/**
 * The stored prices of the series at the points, read in one query with each row as one text (the
 * columns before the note are hex, numbers and words: no comma inside one; the note comes last and may
 * hold any text), which the database and the driver hand over much faster than mapped columns.
 */
async function readStoredPrices(
  db: Db,
  chainId: number,
  granularity: Granularity,
  series: readonly string[],
  points: readonly number[],
): Promise<Array<{ token: string; at: number; quote: PriceQuote }>> {
  const { rows } = await db.$client.query<[string]>({
    text: `select concat_ws(',', token, at, usd, source, case when reliable then 't' else 'f' end, note)
      from price_history
      where chain_id = $1 and granularity = $2 and token = any($3::text[]) and at = any($4::bigint[])`,
    values: [chainId, granularity, series, points],
    rowMode: "array",
  });
  return rows.map(([line]) => {
    const f: string[] = [];
    let from = 0;
    for (let k = 0; k < 5; k++) {
      const comma = line.indexOf(",", from);
      f.push(comma < 0 ? line.slice(from) : line.slice(from, comma));
      from = comma < 0 ? line.length + 1 : comma + 1;
    }
    const note = from <= line.length ? line.slice(from) : "";
    const at = Number(f[1]);
    const quote: PriceQuote = {
      usd: f[2] as string,
      // Rows stored before the pools of Ethereum were named Uniswap say "pulsex_v2".
      source: currentPriceSource(f[3] as string, chainId) as PriceQuote["source"],
      reliable: f[4] === "t",
      at,
      ...(note ? { note } : {}),
    };
    return { token: f[0] as string, at, quote };
  });
}

function nearest<T extends { timestamp: number }>(points: readonly T[], at: number): T | undefined {
  let best: T | undefined;
  for (const p of points) if (!best || Math.abs(p.timestamp - at) < Math.abs(best.timestamp - at)) best = p;
  return best;
}
