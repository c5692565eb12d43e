import { D, type Dec } from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { multicallChunked } from "../balances/multicall-balances.ts";
import { factoryAbi, pairAbi } from "../dex/uniswap-v2-abi.ts";

const ZERO = "0x0000000000000000000000000000000000000000";

export interface PoolPricingConfig {
  /** PulseX V1 and V2 factories (Uniswap V2 style). */
  factories: { version: "v1" | "v2"; address: `0x${string}` }[];
  wrappedNative: { address: `0x${string}`; decimals: number };
  /** Only the real bridged stablecoins, valued at 1 USD. */
  stablecoins: { address: `0x${string}`; decimals: number }[];
  /** Pools whose liquidity (2 x the quote side) is below this are not trusted. */
  liquidityFloorUsd: string;
}

export interface PoolQuote {
  usd: string;
  version: "v1" | "v2";
  pair: string;
  quoteToken: string;
  liquidityUsd: string;
  reliable: boolean;
  note?: string;
}

export interface PoolPriceResult {
  /** USD per whole wrapped native token (PLS), when a stablecoin pool gives one. */
  nativeUsd: PoolQuote | undefined;
  quotes: Map<string, PoolQuote>;
}

interface Candidate {
  token: string;
  tokenDecimals: number;
  quote: string;
  quoteDecimals: number;
  version: "v1" | "v2";
  factory: `0x${string}`;
}

/** A pool that exists: a token's pair with WPLS or a stablecoin in one of the factories. */
export interface PoolPair extends Candidate {
  pair: string;
}

/**
 * Prices from PulseX pools read on chain: the deepest pool of each token against
 * WPLS or a real stablecoin, in two multicall rounds (find pairs, read reserves).
 */
export async function readPoolPrices(
  client: PublicClient,
  config: PoolPricingConfig,
  tokens: readonly { address: string; decimals: number }[],
  options: { blockNumber?: bigint } = {},
): Promise<PoolPriceResult> {
  return priceFromPairs(client, config, await findPairs(client, config, tokens, options), options);
}

/**
 * The pairs of the tokens (and of WPLS with the stablecoins) that exist at the block. A factory's pair
 * of two tokens never changes once created, so the pairs found at a later block serve any earlier one
 * (a pair not yet created there has no reserves to read: it is passed over like a missing one).
 */
export async function findPairs(
  client: PublicClient,
  config: PoolPricingConfig,
  tokens: readonly { address: string; decimals: number }[],
  options: { blockNumber?: bigint } = {},
): Promise<PoolPair[]> {
  const wnative = config.wrappedNative.address.toLowerCase();
  const stables = config.stablecoins.map((s) => ({ address: s.address.toLowerCase(), decimals: s.decimals }));
  const candidates: Candidate[] = [];
  for (const f of config.factories) {
    for (const s of stables) {
      candidates.push({
        token: wnative,
        tokenDecimals: config.wrappedNative.decimals,
        quote: s.address,
        quoteDecimals: s.decimals,
        version: f.version,
        factory: f.address,
      });
    }
    for (const t of tokens) {
      const token = t.address.toLowerCase();
      if (token === wnative || stables.some((s) => s.address === token)) continue;
      for (const q of [{ address: wnative, decimals: config.wrappedNative.decimals }, ...stables]) {
        candidates.push({
          token,
          tokenDecimals: t.decimals,
          quote: q.address,
          quoteDecimals: q.decimals,
          version: f.version,
          factory: f.address,
        });
      }
    }
  }

  const pairResults = await multicallChunked(
    client,
    candidates.map((c) => ({
      address: c.factory,
      abi: factoryAbi,
      functionName: "getPair",
      args: [c.token, c.quote],
    })),
    1500,
    options.blockNumber,
  );
  return candidates
    .map((c, i) => {
      const r = pairResults[i];
      const pair = r?.status === "success" ? String(r.result).toLowerCase() : ZERO;
      return { ...c, pair };
    })
    .filter((c) => c.pair !== ZERO);
}

/** The prices the pairs give at the block (reserves and token order read in one multicall round). */
export async function priceFromPairs(
  client: PublicClient,
  config: PoolPricingConfig,
  found: readonly PoolPair[],
  options: { blockNumber?: bigint } = {},
): Promise<PoolPriceResult> {
  const reserveResults = await multicallChunked(
    client,
    found.flatMap((c) => [
      { address: c.pair as `0x${string}`, abi: pairAbi, functionName: "getReserves" },
      { address: c.pair as `0x${string}`, abi: pairAbi, functionName: "token0" },
    ]),
    1500,
    options.blockNumber,
  );
  return quotesFromReserves(config, found, reserveResults);
}

/** The deepest pool of each token (and of WPLS) from the reserves read, in USD. */
function quotesFromReserves(
  config: PoolPricingConfig,
  found: readonly PoolPair[],
  reserveResults: Awaited<ReturnType<typeof multicallChunked>>,
): PoolPriceResult {
  const wnative = config.wrappedNative.address.toLowerCase();
  const floor = new D(config.liquidityFloorUsd);
  const pools = found.flatMap((c, i) => {
    const reserves = reserveResults[i * 2];
    const token0 = reserveResults[i * 2 + 1];
    if (reserves?.status !== "success" || token0?.status !== "success") return [];
    const [r0, r1] = reserves.result as readonly [bigint, bigint, number];
    const tokenIs0 = String(token0.result).toLowerCase() === c.token;
    const tokenReserve = new D((tokenIs0 ? r0 : r1).toString()).div(new D(10).pow(c.tokenDecimals));
    const quoteReserve = new D((tokenIs0 ? r1 : r0).toString()).div(new D(10).pow(c.quoteDecimals));
    if (tokenReserve.isZero() || quoteReserve.isZero()) return [];
    return [{ ...c, tokenReserve, quoteReserve }];
  });

  // The native price first: the deepest WPLS / stablecoin pool.
  const nativePools = pools
    .filter((p) => p.token === wnative)
    .map((p) => ({ p, liquidity: p.quoteReserve.mul(2), price: p.quoteReserve.div(p.tokenReserve) }));
  const bestNative = maxBy(nativePools, (x) => x.liquidity);
  const nativeUsd = bestNative ? toQuote(bestNative.p, bestNative.price, bestNative.liquidity, floor) : undefined;
  const nativePrice = nativeUsd?.reliable ? new D(nativeUsd.usd) : undefined;

  const quotes = new Map<string, PoolQuote>();
  const byToken = new Map<string, { p: (typeof pools)[number]; liquidity: Dec; price: Dec }[]>();
  for (const p of pools) {
    if (p.token === wnative) continue;
    const quoteUsd = p.quote === wnative ? nativePrice : new D(1);
    if (!quoteUsd) continue;
    const liquidity = p.quoteReserve.mul(quoteUsd).mul(2);
    const price = p.quoteReserve.div(p.tokenReserve).mul(quoteUsd);
    const list = byToken.get(p.token) ?? [];
    list.push({ p, liquidity, price });
    byToken.set(p.token, list);
  }
  for (const [token, list] of byToken) {
    const best = maxBy(list, (x) => x.liquidity);
    if (best) quotes.set(token, toQuote(best.p, best.price, best.liquidity, floor));
  }
  return { nativeUsd, quotes };
}

function toQuote(
  p: { version: "v1" | "v2"; pair: string; quote: string },
  price: Dec,
  liquidity: Dec,
  floor: Dec,
): PoolQuote {
  const reliable = liquidity.gte(floor);
  return {
    usd: price.toSignificantDigits(18).toFixed(),
    version: p.version,
    pair: p.pair,
    quoteToken: p.quote,
    liquidityUsd: liquidity.toFixed(2),
    reliable,
    ...(reliable
      ? {}
      : { note: `pool liquidity ${liquidity.toFixed(2)} USD is below the floor of ${floor.toFixed(0)} USD` }),
  };
}

/** The item with the largest key (the first of equals); undefined for none. */
export function maxBy<T>(items: readonly T[], key: (t: T) => Dec): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || key(item).gt(key(best))) best = item;
  return best;
}
