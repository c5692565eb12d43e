import { D, type Dec } from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { multicallChunked } from "../chain/balances/multicall-balances.ts";
import { factoryAbi, pairAbi } from "../chain/dex/uniswap-v2-abi.ts";

/**
 * The amount out at the pools' mid price: amountIn times, for each hop, reserveOut / reserveIn of
 * the hop's pair (base units; no fee, no slippage). Undefined when a pair cannot be read.
 */
export async function midPriceOut(
  client: PublicClient,
  factory: `0x${string}`,
  path: readonly `0x${string}`[],
  amountIn: bigint,
  blockNumber: bigint,
): Promise<Dec | undefined> {
  const hops = path.slice(1).map((to, i) => [path[i] as `0x${string}`, to] as const);
  const pairs = await multicallChunked(
    client,
    hops.map(([a, b]) => ({ address: factory, abi: factoryAbi, functionName: "getPair", args: [a, b] })),
    100,
    blockNumber,
  );
  const pairAddresses = pairs.map((p) => (p.status === "success" ? (p.result as `0x${string}`) : undefined));
  if (pairAddresses.some((p) => !p)) return undefined;
  const reads = await multicallChunked(
    client,
    (pairAddresses as `0x${string}`[]).flatMap((pair) => [
      { address: pair, abi: pairAbi, functionName: "getReserves" },
      { address: pair, abi: pairAbi, functionName: "token0" },
    ]),
    100,
    blockNumber,
  );
  let out = new D(amountIn.toString());
  for (const [i, [tokenIn]] of hops.entries()) {
    const reserves = reads[i * 2];
    const token0 = reads[i * 2 + 1];
    if (reserves?.status !== "success" || token0?.status !== "success") return undefined;
    const [r0, r1] = reserves.result as readonly [bigint, bigint, number];
    const inIs0 = String(token0.result).toLowerCase() === tokenIn;
    const [reserveIn, reserveOut] = inIs0 ? [r0, r1] : [r1, r0];
    if (reserveIn === 0n) return undefined;
    out = out.mul(reserveOut.toString()).div(reserveIn.toString());
  }
  return out;
}

/** In percent, 4 places: how much less than the mid-price amount the swap gives (0 when it gives more). */
export function priceImpactPercent(midOut: Dec, amountOut: bigint): string {
  if (midOut.isZero()) return "0";
  const impact = midOut.minus(amountOut.toString()).div(midOut).mul(100);
  return D.max(impact, 0).toDecimalPlaces(4).toFixed();
}
