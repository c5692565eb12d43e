import { D, type Dec } from "./amounts.ts";
import type { TokenRegistry } from "./known-tokens.ts";
import { NATIVE } from "./token-id.ts";

/**
 * Where the price of a token is decided. Every price, current or of a past day, walks the same order;
 * the first source that answers with a trusted price wins. Before any source is asked, a token is
 * mapped to the series that prices it (`priceSeriesOf`: the native coin and its wrapped token share
 * one). The server's price services (apps/server/src/chain/prices/) implement each step; the judgement
 * of a price against a holding (pool-share cap, warnings) is `judgeHoldingPrice` beside this file. The
 * market's movers and the tracker read the price of a past moment from the market's pool snapshots
 * through `snapshotPriceOf` (the same stablecoin rule and series).
 *
 * - stablecoin: a real (bridged) stablecoin is 1 USD; a fork copy of one is not a stablecoin.
 * - stored: a price found once for a past day is kept for good (historical prices only).
 * - defillama: the provider's price, trusted above a confidence threshold.
 * - pools: the chain's own DEX pools (PulseX, Uniswap on Ethereum), at the block of the time asked.
 * - fallback: a fixed value for the native coin when nothing live exists; shown, never trusted
 *   (current prices only: a past day without a price stays missing, never a made-up value).
 */
export const CURRENT_PRICE_ORDER = ["stablecoin", "defillama", "pools", "fallback"] as const;
export const HISTORICAL_PRICE_ORDER = ["stablecoin", "stored", "defillama", "pools"] as const;

export type CurrentPriceStep = (typeof CURRENT_PRICE_ORDER)[number];
export type HistoricalPriceStep = (typeof HISTORICAL_PRICE_ORDER)[number];

/**
 * The address whose price stands for a token on its chain: the wrapped native for the native coin and
 * for every token of the same chain whose base is the native coin (WPLS for PLS, WETH for ETH); the
 * token itself otherwise, also a token bridged from another chain whose base is that chain's coin
 * (PulseChain's WETH from Ethereum is not PLS).
 */
export function priceSeriesOf(registry: TokenRegistry, chainId: number, address: string): string {
  const a = address === NATIVE ? NATIVE : address.toLowerCase();
  const wrapped = registry.wrappedNative(chainId)?.address;
  if (a === NATIVE) return wrapped ?? a;
  const base = registry.baseOf(chainId, a);
  return base?.chainId === chainId && base.address === NATIVE ? (wrapped ?? a) : a;
}

/**
 * A token's price in the prices the chain's pools gave at one moment (the market's snapshots: the only
 * source here with a price of any past moment, e.g. the start of the movers' timeframe), read by this
 * policy: a real stablecoin is 1 USD (the stablecoin step), any other token the pools' price of its
 * series (`priceSeriesOf`: the native coin is its wrapped token). Undefined: the pools gave none.
 */
export function snapshotPriceOf(
  registry: TokenRegistry,
  chainId: number,
  address: string,
  prices: ReadonlyMap<string, Dec>,
): Dec | undefined {
  const a = address === NATIVE ? NATIVE : address.toLowerCase();
  if (registry.isRealStablecoin(chainId, a)) return new D(1);
  return prices.get(priceSeriesOf(registry, chainId, a));
}
