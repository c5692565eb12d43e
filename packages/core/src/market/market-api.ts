import { z } from "zod";
import { chainIdSchema, chainIdTextSchema } from "../chains/chain-id.ts";

/**
 * The market's shared data (pairs, tokens, movers, the tracker). Amounts, prices and USD figures are
 * decimal strings (never floats); a figure the source does not know is null, never "0".
 */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const address = z.string().regex(/^0x[0-9a-f]{40}$/);

export const MARKET_SOURCES = ["geckoterminal", "dexscreener", "pulsex-subgraph", "chain"] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

export const MARKET_TIMEFRAMES = ["24h", "3d", "1w"] as const;
export type MarketTimeframe = (typeof MARKET_TIMEFRAMES)[number];
export const TIMEFRAME_SECONDS: Record<MarketTimeframe, number> = { "24h": 86_400, "3d": 3 * 86_400, "1w": 7 * 86_400 };

export const CHART_RANGES = ["24h", "7d", "30d", "1y"] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** How fresh an answer is: `asOf` is when the source answered; `stale` when a refresh failed or runs. */
export const freshnessSchema = z.object({
  asOf: z.string(),
  source: z.enum(MARKET_SOURCES),
  stale: z.boolean(),
  /** Seconds since `asOf` at the time of the answer. */
  ageSeconds: z.number().int().nonnegative(),
  /**
   * The source has not answered yet and nothing is stored: the lists are empty for that reason (not
   * because the market is empty). `asOf` is then the time of the answer.
   */
  unavailable: z.boolean().optional(),
  /**
   * With `unavailable`: the answer is not a fact (its inputs could not be read, or not all of them) and
   * is not kept; asking again after this many seconds may find the real answer.
   */
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type Freshness = z.infer<typeof freshnessSchema>;

export const marketTokenRefSchema = z.object({
  chainId: z.number().int(),
  address,
  symbol: z.string(),
  name: z.string(),
});
export type MarketTokenRef = z.infer<typeof marketTokenRefSchema>;

export const marketPairSchema = z.object({
  chainId: z.number().int(),
  pairAddress: address,
  /** "pulsex-v1", "pulsex-v2", or the source's own DEX id. */
  dex: z.string(),
  base: marketTokenRefSchema,
  quote: marketTokenRefSchema,
  /** USD per whole base token. */
  priceUsd: decimal.nullable(),
  /** Percent, e.g. "-3.42". */
  change24h: decimal.nullable(),
  volume24hUsd: decimal.nullable(),
  liquidityUsd: decimal.nullable(),
  swaps24h: z.number().int().nonnegative().nullable(),
});
export type MarketPair = z.infer<typeof marketPairSchema>;

export const marketPairsQuerySchema = z.object({
  chainId: chainIdTextSchema().default(369),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const marketPairsResponseSchema = freshnessSchema.extend({ pairs: z.array(marketPairSchema) });
export type MarketPairsResponse = z.infer<typeof marketPairsResponseSchema>;

/** One token row of the market overview. Market cap is price × (supply − burned), so labelled. */
export const marketTokenSchema = marketTokenRefSchema.extend({
  priceUsd: decimal.nullable(),
  change24h: decimal.nullable(),
  volume24hUsd: decimal.nullable(),
  liquidityUsd: decimal.nullable(),
  /** price × (total supply − burned supply), in USD. */
  marketCapUsd: decimal.nullable(),
  /** Known to the app's token table (shown first in a search). */
  known: z.boolean(),
});
export type MarketToken = z.infer<typeof marketTokenSchema>;

export const tokenSearchQuerySchema = z.object({
  q: z.string().trim().max(100).default(""),
  chainId: chainIdTextSchema().optional(),
});
export const tokenSearchResponseSchema = freshnessSchema.extend({ tokens: z.array(marketTokenSchema) });
export type TokenSearchResponse = z.infer<typeof tokenSearchResponseSchema>;

export const burnSchema = z.object({
  /** The sink holding the burned tokens. */
  sink: address,
  amount: decimal,
});
export const supplySchema = z.object({
  /** Whole tokens. */
  total: decimal,
  burned: decimal,
  /** Percent of the total held by the sinks. */
  burnedShare: decimal,
  circulating: decimal,
  sinks: z.array(burnSchema),
});
export type Supply = z.infer<typeof supplySchema>;

export const pricePointSchema = z.object({ t: z.number().int(), priceUsd: decimal });
export type PricePoint = z.infer<typeof pricePointSchema>;

export const tokenDetailQuerySchema = z.object({ range: z.enum(CHART_RANGES).default("7d") });
export const tokenDetailResponseSchema = freshnessSchema.extend({
  token: marketTokenSchema,
  supply: supplySchema.nullable(),
  pools: z.array(marketPairSchema),
  range: z.enum(CHART_RANGES),
  history: z.array(pricePointSchema),
  explorerUrl: z.string(),
  swapUrl: z.string(),
});
export type TokenDetailResponse = z.infer<typeof tokenDetailResponseSchema>;

export const moverSchema = marketTokenRefSchema.extend({
  priceUsd: decimal,
  priceThenUsd: decimal,
  /** Percent over the timeframe. */
  change: decimal,
});
export type Mover = z.infer<typeof moverSchema>;

export const moversQuerySchema = z.object({
  chainId: chainIdTextSchema().default(369),
  timeframe: z.enum(MARKET_TIMEFRAMES).default("24h"),
  /** "holdings": the signed-in user's own tokens (both chains) instead of the market's. */
  scope: z.enum(["market", "holdings"]).default("market"),
});
export const moversResponseSchema = freshnessSchema.extend({
  timeframe: z.enum(MARKET_TIMEFRAMES),
  gainers: z.array(moverSchema),
  losers: z.array(moverSchema),
});
export type MoversResponse = z.infer<typeof moversResponseSchema>;

export const watchlistEntrySchema = z.object({ chainId: chainIdSchema(), address });
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;
export const watchlistResponseSchema = z.object({
  tokens: z.array(marketTokenSchema.extend({ addedAt: z.string() })),
  asOf: z.string().nullable(),
});
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;
/** The most tokens one user keeps on the watchlist. */
export const WATCHLIST_LIMIT = 100;

export const trackerQuerySchema = z.object({
  address: z.string().trim(),
  timeframe: z.enum(MARKET_TIMEFRAMES).default("24h"),
});
/** What a tracker row is: a token in the wallet, the wallet's HEX stakes on a chain together, or a liquidity position. */
export const TRACKED_KINDS = ["token", "hex-stake", "liquidity"] as const;
export type TrackedKind = (typeof TRACKED_KINDS)[number];
export const trackedTokenSchema = marketTokenRefSchema.extend({
  /** The token contract ("native" for the chain's own coin, PLS or ETH); a liquidity position's pair. */
  address: address.or(z.literal("native")),
  kind: z.enum(TRACKED_KINDS),
  /** Whole tokens the wallet holds (HEX in its stakes with the yield so far; LP tokens of a position). */
  balance: decimal,
  priceUsd: decimal.nullable(),
  priceThenUsd: decimal.nullable(),
  change: decimal.nullable(),
  valueUsd: decimal.nullable(),
  /** Value now minus the same balance's value at the timeframe's start (USD). */
  valueChangeUsd: decimal.nullable(),
});
export type TrackedToken = z.infer<typeof trackedTokenSchema>;
export const tokenBurnSchema = marketTokenRefSchema.extend({ supply: supplySchema });
export const trackerResponseSchema = freshnessSchema.extend({
  address,
  timeframe: z.enum(MARKET_TIMEFRAMES),
  /** Tokens per chain, for the success message. */
  counts: z.record(z.string(), z.number().int()),
  /** Chains that could not be read just now (their tokens are missing from this answer). */
  unavailableChains: z.array(z.number().int()).optional(),
  /**
   * The wallet's holdings as the portfolio loads them (native coin, every token, HEX stakes, liquidity
   * positions), most valuable first (the page shows 10 and the rest as a count).
   */
  tokens: z.array(trackedTokenSchema),
  gainers: z.array(trackedTokenSchema),
  losers: z.array(trackedTokenSchema),
  burns: z.array(tokenBurnSchema),
  performance: z.object({
    valueUsd: decimal,
    valueThenUsd: decimal,
    changeUsd: decimal,
    /** Tokens without a price at both ends are left out of the sums. */
    unpriced: z.number().int().nonnegative(),
  }),
});
export type TrackerResponse = z.infer<typeof trackerResponseSchema>;
/** Wallet tokens the tracker lists before "and N more". */
export const TRACKER_TOKENS_SHOWN = 10;
/** Movers listed per side. */
export const MOVERS_PER_SIDE = 5;
