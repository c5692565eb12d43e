import { NATIVE, type PriceQuote, poolPriceSource } from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { inBatches } from "../../lib/in-batches.ts";
import type { BlockByTime } from "../rpc/block-by-time.ts";
import { findPairs, type PoolPriceResult, type PoolPricingConfig, priceFromPairs } from "./pulsex-pools.ts";

/** Past blocks whose pools are read at the same time (one multicall each). */
const POOL_BLOCKS_AT_ONCE = 8;

export interface PoolPointsChain {
  chainId: number;
  client: PublicClient;
  pools: PoolPricingConfig;
  blocks: BlockByTime;
  /** The wrapped native token: its series is priced by the WPLS / stablecoin pools. */
  wrapped: string | undefined;
}

/** A series (a token's price line) wanted at a point (unix seconds). */
export interface SeriesPoint {
  series: string;
  at: number;
}

/**
 * Prices of series at points from the PulseX pools as they were at the block of each point (for a day:
 * its last block, `blockTime`). Every point's block is found together, the pools once at the head (a
 * pair, once created, stays; one not created yet at a block has no reserves there and is passed over),
 * and each block's reserves are read once for all the series wanted there. The quotes come in the
 * points' order.
 */
export async function poolPricesAt(
  chain: PoolPointsChain,
  todo: readonly SeriesPoint[],
  decimalsOf: (series: string) => number,
  blockTime: (at: number) => number,
): Promise<{ quotes: Array<SeriesPoint & { q: PriceQuote }>; problems: string[] }> {
  const byPoint = new Map<number, string[]>();
  for (const m of todo) byPoint.set(m.at, [...(byPoint.get(m.at) ?? []), m.series]);
  const problems: string[] = [];
  const failed = (at: number, err: unknown) =>
    problems.push(
      `pulsex pools on chain ${chain.chainId} at ${new Date(at * 1000).toISOString()}: ${(err as Error).message}`,
    );
  let blocks: Map<number, number | undefined>;
  let read: Map<number, PoolPriceResult | { error: unknown }>;
  try {
    [blocks, read] = await readBlocks(chain, byPoint, decimalsOf, blockTime);
  } catch (err) {
    for (const at of byPoint.keys()) failed(at, err);
    return { quotes: [], problems };
  }
  const quotes: Array<SeriesPoint & { q: PriceQuote }> = [];
  for (const [at, seriesAt] of byPoint) {
    const block = blocks.get(blockTime(at));
    if (block === undefined) continue;
    const pools = read.get(block) as PoolPriceResult | { error: unknown };
    if ("error" in pools) {
      failed(at, pools.error);
      continue;
    }
    for (const series of seriesAt) {
      const pq = series === chain.wrapped ? pools.nativeUsd : pools.quotes.get(series);
      if (!pq) continue;
      const q: PriceQuote = {
        usd: pq.usd,
        source: poolPriceSource(chain.chainId, pq.version),
        reliable: pq.reliable,
        at,
        note: `${pq.note ?? `PulseX ${pq.version} pool ${pq.pair}`} at block ${block}`,
      };
      quotes.push({ series, at, q });
    }
  }
  return { quotes, problems };
}

/** The block of each point and the pools of each block (for the series wanted there), a few blocks at a time. */
async function readBlocks(
  chain: PoolPointsChain,
  byPoint: ReadonlyMap<number, readonly string[]>,
  decimalsOf: (series: string) => number,
  blockTime: (at: number) => number,
) {
  const tokensOf = (series: Iterable<string>) =>
    [...series].filter((s) => s !== NATIVE).map((s) => ({ address: s, decimals: decimalsOf(s) }));
  const [blocks, pairs] = await Promise.all([
    chain.blocks.blocksAt([...byPoint.keys()].map(blockTime)),
    findPairs(chain.client, chain.pools, tokensOf(new Set([...byPoint.values()].flat()))),
  ]);
  const byBlock = new Map<number, Set<string>>();
  for (const [at, seriesAt] of byPoint) {
    const block = blocks.get(blockTime(at));
    if (block === undefined) continue;
    const wanted = byBlock.get(block) ?? new Set([chain.pools.wrappedNative.address.toLowerCase()]);
    for (const s of seriesAt) wanted.add(s);
    byBlock.set(block, wanted);
  }
  const readOne = async ([block, wanted]: [number, Set<string>]) => {
    try {
      const found = pairs.filter((p) => wanted.has(p.token));
      return [block, await priceFromPairs(chain.client, chain.pools, found, { blockNumber: BigInt(block) })] as const;
    } catch (error) {
      return [block, { error }] as const;
    }
  };
  const read = new Map<number, PoolPriceResult | { error: unknown }>(
    await inBatches([...byBlock], POOL_BLOCKS_AT_ONCE, readOne),
  );
  return [blocks, read] as const;
}
