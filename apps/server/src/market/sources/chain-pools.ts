import { D, type Dec } from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { multicallChunked } from "../../chain/balances/multicall-balances.ts";
import { factoryAbi, pairAbi, swapEvent } from "../../chain/dex/uniswap-v2-abi.ts";
import { maxBy, type PoolPricingConfig } from "../../chain/prices/pulsex-pools.ts";
import { isChainUnreachable } from "../../chain/rpc/chain-unreachable.ts";

const ZERO = "0x0000000000000000000000000000000000000000";

export interface MarketTokenInfo {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
}

/** A Uniswap-V2-style pool of a token against WPLS or a real stablecoin. */
export interface ChainPool {
  pair: string;
  version: "v1" | "v2";
  base: MarketTokenInfo;
  quote: MarketTokenInfo;
  /** Whole tokens. */
  baseReserve: Dec;
  quoteReserve: Dec;
  baseIs0: boolean;
}

/**
 * A call that failed because the node could not be asked is not "no pool": the read fails as a whole,
 * so that no empty list is kept as the market's state (a reverted call stays a missing pool).
 */
function throwIfUnreachable(results: readonly { status: string; error?: unknown }[]): void {
  const unreachable = results.find((r) => r.status === "failure" && isChainUnreachable(r.error));
  if (unreachable) throw unreachable.error;
}

/**
 * The pools of the given tokens against the wrapped native coin and the real stablecoins on every
 * factory (PulseX V1 and V2), with their reserves at `blockNumber` (latest when undefined). The WPLS /
 * stablecoin pools come with WPLS as the base.
 */
export async function readChainPools(
  client: PublicClient,
  config: PoolPricingConfig,
  tokens: readonly MarketTokenInfo[],
  blockNumber?: bigint,
): Promise<ChainPool[]> {
  const byAddress = new Map(tokens.map((t) => [t.address.toLowerCase(), { ...t, address: t.address.toLowerCase() }]));
  const wrapped = byAddress.get(config.wrappedNative.address.toLowerCase());
  const stables = config.stablecoins.map((s) => byAddress.get(s.address.toLowerCase())).filter(isToken);
  if (!wrapped) return [];
  const quotes = [wrapped, ...stables];
  const isStable = (t: MarketTokenInfo) => stables.includes(t);
  const wanted = config.factories.flatMap((f) =>
    [...byAddress.values()]
      .filter((base) => !isStable(base))
      .flatMap((base) =>
        quotes.filter((q) => q !== base).map((quote) => ({ factory: f.address, version: f.version, base, quote })),
      ),
  );
  const pairs = await multicallChunked(
    client,
    wanted.map((c) => ({
      address: c.factory,
      abi: factoryAbi,
      functionName: "getPair",
      args: [c.base.address, c.quote.address],
    })),
    1500,
    blockNumber,
  );
  throwIfUnreachable(pairs);
  const found = wanted
    .map((c, i) => ({ ...c, pair: pairs[i]?.status === "success" ? String(pairs[i].result).toLowerCase() : ZERO }))
    .filter((c) => c.pair !== ZERO);
  const state = await multicallChunked(
    client,
    found.flatMap((c) => [
      { address: c.pair as `0x${string}`, abi: pairAbi, functionName: "getReserves" },
      { address: c.pair as `0x${string}`, abi: pairAbi, functionName: "token0" },
    ]),
    1500,
    blockNumber,
  );
  throwIfUnreachable(state);
  return found.flatMap((c, i): ChainPool[] => {
    const reserves = state[i * 2];
    const token0 = state[i * 2 + 1];
    if (reserves?.status !== "success" || token0?.status !== "success") return [];
    const [r0, r1] = reserves.result as readonly [bigint, bigint, number];
    const baseIs0 = String(token0.result).toLowerCase() === c.base.address;
    const baseReserve = whole(baseIs0 ? r0 : r1, c.base.decimals);
    const quoteReserve = whole(baseIs0 ? r1 : r0, c.quote.decimals);
    if (baseReserve.isZero() || quoteReserve.isZero()) return [];
    return [{ pair: c.pair, version: c.version, base: c.base, quote: c.quote, baseReserve, quoteReserve, baseIs0 }];
  });
}

/** USD per whole quote token: 1 for a real stablecoin, the native price for WPLS. */
export function quoteUsd(pool: ChainPool, config: PoolPricingConfig, nativeUsd: Dec | null): Dec | null {
  if (pool.quote.address === config.wrappedNative.address.toLowerCase()) return nativeUsd;
  return new D(1);
}

/** The native coin's USD price from the deepest WPLS / stablecoin pool. */
export function nativeUsdOf(pools: readonly ChainPool[], config: PoolPricingConfig): Dec | null {
  const wrapped = config.wrappedNative.address.toLowerCase();
  const native = pools.filter((p) => p.base.address === wrapped);
  const deepest = maxBy(native, (p) => p.quoteReserve);
  return deepest ? deepest.quoteReserve.div(deepest.baseReserve) : null;
}

/** USD per whole base token in this pool. */
export function poolPriceUsd(pool: ChainPool, config: PoolPricingConfig, nativeUsd: Dec | null): Dec | null {
  const q = quoteUsd(pool, config, nativeUsd);
  return q ? pool.quoteReserve.div(pool.baseReserve).mul(q) : null;
}

export function poolLiquidityUsd(pool: ChainPool, config: PoolPricingConfig, nativeUsd: Dec | null): Dec | null {
  const q = quoteUsd(pool, config, nativeUsd);
  return q ? pool.quoteReserve.mul(q).mul(2) : null;
}

/**
 * Each token's price from its deepest pool whose liquidity reaches the floor (the same rule as the
 * portfolio's pool pricing), keyed by address.
 */
export function tokenPricesOf(pools: readonly ChainPool[], config: PoolPricingConfig): Map<string, Dec> {
  const nativeUsd = nativeUsdOf(pools, config);
  const floor = new D(config.liquidityFloorUsd);
  const best = new Map<string, { price: Dec; liquidity: Dec }>();
  for (const pool of pools) {
    const price = poolPriceUsd(pool, config, nativeUsd);
    const liquidity = poolLiquidityUsd(pool, config, nativeUsd);
    if (!price || !liquidity || liquidity.lt(floor)) continue;
    const known = best.get(pool.base.address);
    if (!known || liquidity.gt(known.liquidity)) best.set(pool.base.address, { price, liquidity });
  }
  for (const s of config.stablecoins) best.set(s.address.toLowerCase(), { price: new D(1), liquidity: new D(0) });
  return new Map([...best].map(([a, v]) => [a, v.price]));
}

export interface PoolActivity {
  /** Quote tokens bought and sold, whole tokens. */
  quoteVolume: Dec;
  swaps: number;
}

/** Swaps of the pools between two blocks, read from their Swap events in one query. */
export async function readPoolActivity(
  client: PublicClient,
  pools: readonly ChainPool[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<Map<string, PoolActivity>> {
  const out = new Map<string, PoolActivity>(pools.map((p) => [p.pair, { quoteVolume: new D(0), swaps: 0 }]));
  if (pools.length === 0 || fromBlock > toBlock) return out;
  const byPair = new Map(pools.map((p) => [p.pair, p]));
  const logs = await client.getLogs({
    address: pools.map((p) => p.pair as `0x${string}`),
    event: swapEvent,
    fromBlock,
    toBlock,
  });
  for (const log of logs) {
    const pool = byPair.get(log.address.toLowerCase());
    const activity = out.get(log.address.toLowerCase());
    if (!pool || !activity) continue;
    const { amount0In = 0n, amount1In = 0n, amount0Out = 0n, amount1Out = 0n } = log.args;
    const quoteRaw = pool.baseIs0 ? amount1In + amount1Out : amount0In + amount0Out;
    activity.quoteVolume = activity.quoteVolume.add(whole(quoteRaw, pool.quote.decimals));
    activity.swaps++;
  }
  return out;
}

function whole(raw: bigint, decimals: number): Dec {
  return new D(raw.toString()).div(new D(10).pow(decimals));
}

function isToken(t: MarketTokenInfo | undefined): t is MarketTokenInfo {
  return t !== undefined;
}
