/**
 * Every price carries where it came from and whether it can be trusted (the original
 * product's labels plus our own sources).
 */
export const PRICE_SOURCES = [
  "defillama",
  "pulsex_v2",
  "pulsex_v1",
  "stablecoin",
  "wrapped_base",
  "moralis_live",
  "fallback_minimal",
  "fallback",
  "unknown",
] as const;

export type PriceSource = (typeof PRICE_SOURCES)[number];

export interface PriceQuote {
  /** USD per whole token as a decimal string (never a float). */
  usd: string;
  source: PriceSource;
  reliable: boolean;
  /** Unix seconds the price refers to. */
  at: number;
  /** Why a quote is unreliable or was refused, for the explain-this-number view. */
  note?: string;
  /**
   * The liquidity in USD (2 x the quote side) of the token's deepest pool, to judge how much it can
   * carry (judgeHoldingPrice): for a pool price its pool, for a provider's price the deepest pool found.
   */
  liquidityUsd?: string;
}

/** Fallback prices: used only to show something, never counted as reliable. */
export const FALLBACK_USD: Readonly<Record<number, string>> = { 369: "0.00005", 1: "2400" };
