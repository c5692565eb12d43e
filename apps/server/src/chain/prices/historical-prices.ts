import { currentPriceSource, NATIVE, type PriceQuote, type TokenRegistry } from "@pulsemanager/core";
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

/**
 * Historical USD prices (per day, or at a moment): stored prices first, then
 * DefiLlama, then the PulseX pools as they were at the block of that time. Every
 * price found is stored for good.
 */
export class HistoricalPriceService {
  private readonly blockFinders = new Map<number, BlockByTime>();

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
    const { registry } = this.deps;
    const wanted = [...new Set(points.map((p) => (granularity === "day" ? dayStart(p) : p)))].sort((a, b) => a - b);
    const prices = new Map<string, Map<number, PriceQuote>>();
    const problems: string[] = [];
    const set = (address: string, at: number, q: PriceQuote) => {
      const m = prices.get(address) ?? new Map<number, PriceQuote>();
      m.set(at, q);
      prices.set(address, m);
    };
    const wrapped = registry.wrappedNative(chainId)?.address;
    // Wrapped to base: WPLS and PLS share one series (looked up through the wrapped contract).
    const seriesOf = (address: string) => {
      const a = address === NATIVE ? NATIVE : address.toLowerCase();
      if (a === NATIVE || registry.baseOf(chainId, a)?.address === NATIVE) return wrapped ?? a;
      return a;
    };

    const pointsOf = (t: HistoricalRequest): number[] =>
      t.points ? [...new Set(t.points.map((p) => (granularity === "day" ? dayStart(p) : p)))] : wanted;
    const open: { address: string; series: string; decimals: number }[] = [];
    // Per series the points any of its tokens asks for (all `points` unless a token names its own).
    const seriesPoints = new Map<string, Set<number>>();
    for (const t of tokens) {
      const address = t.address === NATIVE ? NATIVE : t.address.toLowerCase();
      if (registry.isRealStablecoin(chainId, address)) {
        for (const at of pointsOf(t)) set(address, at, { usd: "1", source: "stablecoin", reliable: true, at });
      } else {
        const series = seriesOf(address);
        open.push({ address, series, decimals: t.decimals });
        const sp = seriesPoints.get(series) ?? new Set<number>();
        for (const at of pointsOf(t)) sp.add(at);
        seriesPoints.set(series, sp);
      }
    }
    const seriesList = [...new Set(open.map((o) => o.series))];
    const found = new Map<string, Map<number, PriceQuote>>();
    const put = (series: string, at: number, q: PriceQuote) => {
      const m = found.get(series) ?? new Map<number, PriceQuote>();
      m.set(at, q);
      found.set(series, m);
    };
    const missing = () =>
      seriesList.flatMap((s) =>
        [...(seriesPoints.get(s) ?? [])].filter((at) => !found.get(s)?.has(at)).map((at) => ({ series: s, at })),
      );

    // 1. Stored.
    const allPoints = [...new Set([...seriesPoints.values()].flatMap((sp) => [...sp]))];
    if (seriesList.length > 0 && allPoints.length > 0) {
      const stored = await readStoredPrices(this.deps.db, chainId, granularity, seriesList, allPoints);
      for (const r of stored) put(r.token, r.at, r.quote);
    }
    const fresh: { series: string; at: number; q: PriceQuote }[] = [];

    // 2. DefiLlama.
    let todo = missing();
    if (todo.length > 0 && this.deps.defillama) {
      const bySeries = new Map<string, number[]>();
      for (const m of todo) bySeries.set(m.series, [...(bySeries.get(m.series) ?? []), m.at]);
      const batch = await this.deps.defillama.batchHistorical(
        [...bySeries].map(([series, timestamps]) => ({ chainId, address: series, timestamps })),
        { searchWidth: granularity === "day" ? "12h" : "4h" },
      );
      problems.push(...batch.problems);
      for (const [series, ats] of bySeries) {
        const s = batch.quotes.get(`${chainId}:${series}`);
        if (!s) continue;
        for (const at of ats) {
          const point = nearest(s.prices, at);
          if (!point) continue;
          const q: PriceQuote = {
            usd: point.usd,
            source: "defillama",
            reliable: (point.confidence ?? s.confidence ?? 1) >= DEFILLAMA_RELIABLE_CONFIDENCE,
            at,
          };
          put(series, at, q);
          fresh.push({ series, at, q });
        }
      }
    }

    // 3. PulseX pools at the block of that time.
    todo = missing();
    const chain = this.deps.chains.get(chainId);
    const pricingPools = chain?.pools;
    if (todo.length > 0 && chain && pricingPools) {
      const blocks = this.blockFinders.get(chainId) ?? new BlockByTime(chain.client);
      this.blockFinders.set(chainId, blocks);
      const read = await poolPricesAt(
        { chainId, client: chain.client, pools: pricingPools, blocks, wrapped },
        todo,
        (series) => open.find((o) => o.series === series)?.decimals ?? 18,
        (at) => (granularity === "day" ? at + DAY_SECONDS - 1 : at),
      );
      problems.push(...read.problems);
      for (const { series, at, q } of read.quotes) {
        put(series, at, q);
        fresh.push({ series, at, q });
      }
    }

    if (fresh.length > 0) {
      await this.deps.db
        .insert(priceHistory)
        .values(
          fresh.map(({ series, at, q }) => ({
            chainId,
            token: series,
            granularity,
            at,
            usd: q.usd,
            source: q.source,
            reliable: q.reliable,
            note: q.note ?? null,
          })),
        )
        .onConflictDoNothing();
    }
    for (const o of open) {
      const s = found.get(o.series);
      if (!s) continue;
      for (const [at, q] of s)
        set(o.address, at, o.address !== o.series && o.address !== NATIVE ? { ...q, source: "wrapped_base" } : q);
    }
    return { prices, problems, partial: problems.length > 0 };
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
