import { ETHEREUM } from "./chains.ts";

/**
 * Every price carries where it came from and whether it can be trusted (the original
 * product's labels plus our own sources). A V2 pool on Ethereum is a Uniswap pool: "uniswap_v2";
 * stored prices from before that name say "pulsex_v2" with chain 1 and read the same.
 */
export const PRICE_SOURCES = [
  "defillama",
  "pulsex_v2",
  "pulsex_v1",
  "uniswap_v2",
  "uniswap_v1",
  "stablecoin",
  "wrapped_base",
  "moralis_live",
  "fallback_minimal",
  "fallback",
  "unknown",
] as const;

export type PriceSource = (typeof PRICE_SOURCES)[number];

/** The source id of a pool price: named after the DEX the pool belongs to on its chain. */
export function poolPriceSource(chainId: number, version: "v1" | "v2"): PriceSource {
  if (chainId === ETHEREUM) return version === "v1" ? "uniswap_v1" : "uniswap_v2";
  return version === "v1" ? "pulsex_v1" : "pulsex_v2";
}

/** A stored source id read the way it is named today ("pulsex_v2" of chain 1 is "uniswap_v2"). */
export function currentPriceSource(source: string, chainId: number | null): string {
  return chainId === ETHEREUM && /^pulsex_v[12]$/.test(source) ? source.replace("pulsex", "uniswap") : source;
}

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
