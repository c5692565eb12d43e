import {
  CHART_RANGES,
  type ChartRange,
  type Dec,
  type MarketPair,
  type MarketToken,
  marketCapOf,
  NATIVE,
  type PricePoint,
  percentChange,
} from "@pulsemanager/core";
import type { PublicClient } from "viem";
import type { PoolPricingConfig } from "../../chain/prices/pulsex-pools.ts";
import type { BlockByTime } from "../../chain/rpc/block-by-time.ts";
import { inBatches } from "../../lib/in-batches.ts";
import { largestFirst, sumOfKnown } from "../usd-figures.ts";
import {
  type ChainPool,
  type MarketTokenInfo,
  nativeUsdOf,
  poolLiquidityUsd,
  poolPriceUsd,
  quoteUsd,
  readChainPools,
  readPoolActivity,
  tokenPricesOf,
} from "./chain-pools.ts";
import { readSupplies } from "./supply-reader.ts";

export interface ChainMarketDeps {
  chainId: number;
  client: PublicClient;
  pools: PoolPricingConfig;
  blocks: BlockByTime;
  /** The tokens the market follows: the chain's known tokens. */
  tokens: () => MarketTokenInfo[];
  now: () => Date;
}

interface Snapshot {
  pools: ChainPool[];
  nativeUsd: Dec | null;
  prices: Map<string, Dec>;
}

/** How many points a chart range has, and how far apart. */
const CHART_STEPS: Record<ChartRange, { points: number; seconds: number }> = {
  "24h": { points: 24, seconds: 3_600 },
  "7d": { points: 28, seconds: 6 * 3_600 },
  "30d": { points: 30, seconds: 86_400 },
  "1y": { points: 52, seconds: 7 * 86_400 },
};

/**
 * Market data read from the chain alone: PulseX-style pools of the known tokens, their reserves now
 * and at past blocks, and their Swap events. Needs nothing but an RPC node (the offline demo, the tests).
 */
type LastDay = { now: Snapshot; then: Snapshot | null; activity: Map<string, { quoteVolume: Dec; swaps: number }> };

/** How long one reading of the last day serves the pairs and the token rows. */
const SHARED_DAY_MS = 10_000;

export class ChainMarket {
  private shared: { at: number; read: Promise<LastDay> } | undefined;

  constructor(private readonly deps: ChainMarketDeps) {}

  /** A token the market follows (a known token, or a devchain's printer or pool-only token). */
  follows(address: string): boolean {
    const wanted = address.toLowerCase();
    return this.deps.tokens().some((t) => t.address.toLowerCase() === wanted);
  }

  /** Pools, the native price and each token's price at a unix time (now when undefined). */
  async snapshot(unix?: number, extra: readonly MarketTokenInfo[] = []): Promise<Snapshot | null> {
    const block = unix === undefined ? undefined : await this.deps.blocks.blockAt(unix);
    if (unix !== undefined && block === undefined) return null;
    const blockNumber = block === undefined ? undefined : BigInt(block);
    const pools = await readChainPools(
      this.deps.client,
      this.deps.pools,
      [...this.deps.tokens(), ...extra],
      blockNumber,
    );
    return { pools, nativeUsd: nativeUsdOf(pools, this.deps.pools), prices: tokenPricesOf(pools, this.deps.pools) };
  }

  /** Each token's USD price at a unix time (empty before the chain existed). */
  async pricesAt(unix: number): Promise<Map<string, Dec>> {
    return (await this.snapshot(unix))?.prices ?? new Map();
  }

  /** Every pool with its price, 24 h change, 24 h volume and liquidity, by 24 h volume then liquidity. */
  async pairs(): Promise<MarketPair[]> {
    const day = await this.lastDay();
    return day.now.pools
      .map((pool) => this.pairRow(pool, day))
      .sort((a, b) => largestFirst(a.volume24hUsd, b.volume24hUsd) || largestFirst(a.liquidityUsd, b.liquidityUsd));
  }

  /** Every token with a pool: price, 24 h change, volume and liquidity over its pools, market cap. */
  async tokens(): Promise<MarketToken[]> {
    const day = await this.lastDay();
    const rows = this.deps.tokens().map((t) => ({ ...t, address: t.address.toLowerCase() }));
    const traded = rows.filter((t) =>
      day.now.pools.some((p) => p.base.address === t.address || p.quote.address === t.address),
    );
    const supplies = await readSupplies(this.deps.client, this.deps.chainId, traded);
    return traded.map((t) => {
      const price = day.now.prices.get(t.address) ?? null;
      const then = day.then?.prices.get(t.address) ?? null;
      const own = day.now.pools.filter((p) => p.base.address === t.address);
      const priceUsd = price?.toSignificantDigits(12).toFixed() ?? null;
      return {
        chainId: this.deps.chainId,
        address: t.address,
        symbol: t.symbol,
        name: t.name,
        priceUsd,
        change24h: percentChange(price?.toFixed() ?? null, then?.toFixed() ?? null),
        volume24hUsd: sumOfKnown(own.map((p) => this.volumeUsd(p, day))),
        liquidityUsd: sumOfKnown(own.map((p) => poolLiquidityUsd(p, this.deps.pools, day.now.nativeUsd))),
        marketCapUsd: marketCapOf(priceUsd, supplies.get(t.address) ?? null),
        known: true,
      };
    });
  }

  /** The pools of one token (as their base), deepest first, with the last day's figures. */
  async poolsOf(token: MarketTokenInfo): Promise<MarketPair[]> {
    const wanted = token.address.toLowerCase();
    const day = await this.lastDay([token]);
    return day.now.pools
      .filter((p) => p.base.address === wanted)
      .map((pool) => this.pairRow(pool, day))
      .sort((a, b) => largestFirst(a.liquidityUsd, b.liquidityUsd));
  }

  /**
   * USD prices of any tokens at a unix time (now when undefined), from their pools on this chain; the
   * native coin's under `NATIVE`.
   */
  async pricesFor(tokens: readonly MarketTokenInfo[], unix?: number): Promise<Map<string, Dec>> {
    const snapshot = await this.snapshot(unix, tokens);
    const prices = new Map(snapshot?.prices);
    if (snapshot?.nativeUsd) prices.set(NATIVE, snapshot.nativeUsd);
    return prices;
  }

  /** Prices of one token at evenly spaced times over the range, oldest first (times without a pool left out). */
  async history(address: string, range: ChartRange): Promise<PricePoint[]> {
    if (!CHART_RANGES.includes(range)) return [];
    const { points, seconds } = CHART_STEPS[range];
    const end = Math.floor(this.deps.now().getTime() / 1000);
    const times = Array.from({ length: points + 1 }, (_, i) => end - (points - i) * seconds);
    const token = address.toLowerCase();
    const prices = await inBatches(times, HISTORY_READS_AT_ONCE, async (t) => (await this.pricesAt(t)).get(token));
    return times.flatMap((t, i) => {
      const price = prices[i];
      return price ? [{ t, priceUsd: price.toSignificantDigits(12).toFixed() }] : [];
    });
  }

  /**
   * The followed tokens' last day, read once for the pairs and the token rows that are refreshed
   * together (kept a few seconds; a token outside the followed ones is read on its own).
   */
  private lastDay(extra: readonly MarketTokenInfo[] = []): Promise<LastDay> {
    if (extra.length > 0) return this.readLastDay(extra);
    const nowMs = this.deps.now().getTime();
    if (!this.shared || nowMs - this.shared.at > SHARED_DAY_MS) {
      const read = this.readLastDay([]);
      this.shared = { at: nowMs, read };
      read.catch(() => {
        if (this.shared?.read === read) this.shared = undefined;
      });
    }
    return this.shared.read;
  }

  private async readLastDay(extra: readonly MarketTokenInfo[]): Promise<LastDay> {
    const nowUnix = Math.floor(this.deps.now().getTime() / 1000);
    const [now, then, head, from] = await Promise.all([
      this.snapshot(undefined, extra),
      this.snapshot(nowUnix - 86_400, extra),
      this.deps.client.getBlockNumber(),
      this.deps.blocks.blockAt(nowUnix - 86_400),
    ]);
    if (!now) throw new Error("the chain has no pools");
    const activity = await readPoolActivity(this.deps.client, now.pools, BigInt((from ?? -1) + 1), head);
    return { now, then, activity };
  }

  private volumeUsd(pool: ChainPool, day: LastDay): Dec | null {
    const q = quoteUsd(pool, this.deps.pools, day.now.nativeUsd);
    const volume = day.activity.get(pool.pair)?.quoteVolume;
    return q && volume ? volume.mul(q) : null;
  }

  private pairRow(pool: ChainPool, day: LastDay): MarketPair {
    const price = poolPriceUsd(pool, this.deps.pools, day.now.nativeUsd);
    const before = day.then?.pools.find((p) => p.pair === pool.pair);
    const priceBefore = before ? poolPriceUsd(before, this.deps.pools, day.then?.nativeUsd ?? null) : null;
    const liquidity = poolLiquidityUsd(pool, this.deps.pools, day.now.nativeUsd);
    const volume = this.volumeUsd(pool, day);
    return {
      chainId: this.deps.chainId,
      pairAddress: pool.pair,
      dex: `pulsex-${pool.version}`,
      base: { chainId: this.deps.chainId, address: pool.base.address, symbol: pool.base.symbol, name: pool.base.name },
      quote: {
        chainId: this.deps.chainId,
        address: pool.quote.address,
        symbol: pool.quote.symbol,
        name: pool.quote.name,
      },
      priceUsd: price?.toSignificantDigits(12).toFixed() ?? null,
      change24h: percentChange(price?.toFixed() ?? null, priceBefore?.toFixed() ?? null),
      volume24hUsd: volume?.toFixed(2) ?? null,
      liquidityUsd: liquidity?.toFixed(2) ?? null,
      swaps24h: day.activity.get(pool.pair)?.swaps ?? 0,
    };
  }
}

/** Past blocks read at the same time for a chart (each is two multicalls). */
const HISTORY_READS_AT_ONCE = 8;
