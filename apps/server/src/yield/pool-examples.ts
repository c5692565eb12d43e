import {
  D,
  feeAprPercent,
  fromBaseUnits,
  type KnownToken,
  type TokenRegistry,
  YIELD_WINDOW_HOURS,
  type YieldExample,
  type YieldExamplesResponse,
} from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { multicallChunked } from "../chain/balances/multicall-balances.ts";
import { factoryAbi, pairAbi } from "../chain/dex/uniswap-v2-abi.ts";
import { BlockByTime } from "../chain/rpc/block-by-time.ts";
import type { TradeChain } from "../trade/routers.ts";
import { type SwapInputs, swapInputs } from "./pool-swaps.ts";

/** How many pools the page shows: the deepest. */
const MAX_EXAMPLES = 6;
const ZERO = "0x0000000000000000000000000000000000000000";

interface Pool {
  pair: `0x${string}`;
  dex: "v1" | "v2";
  token: KnownToken;
  wplsIs0: boolean;
  reserveWpls: bigint;
  reserveToken: bigint;
}

export interface YieldDeps {
  client: PublicClient;
  chain: TradeChain;
  registry: TokenRegistry;
  /** The liquidity providers' share of each swap's input, in percent, per DEX version. */
  lpFeePercent: Record<"v1" | "v2", string>;
}

/** The WPLS pools of the known ecosystem tokens and stablecoins, deepest first. */
async function deepestPools(deps: YieldDeps, block: bigint): Promise<Pool[]> {
  const wpls = deps.chain.wrappedNative;
  const tokens = [
    ...deps.registry.withRole(deps.chain.chainId, "ecosystem"),
    ...deps.registry.withRole(deps.chain.chainId, "stablecoin"),
  ];
  const asked = deps.chain.routers.flatMap((r) =>
    tokens.map((token) => ({ dex: r.version, factory: r.factory, token })),
  );
  const pairs = await multicallChunked(
    deps.client,
    asked.map((a) => ({ address: a.factory, abi: factoryAbi, functionName: "getPair", args: [wpls, a.token.address] })),
    500,
    block,
  );
  const found = asked
    .map((a, i) => {
      const r = pairs[i];
      return { ...a, pair: String(r?.status === "success" ? r.result : ZERO).toLowerCase() };
    })
    .filter((a) => a.pair !== ZERO);
  const reads = await multicallChunked(
    deps.client,
    found.flatMap((f) => [
      { address: f.pair as `0x${string}`, abi: pairAbi, functionName: "getReserves" },
      { address: f.pair as `0x${string}`, abi: pairAbi, functionName: "token0" },
    ]),
    500,
    block,
  );
  const pools = found.flatMap((f, i): Pool[] => {
    const reserves = reads[i * 2];
    const token0 = reads[i * 2 + 1];
    if (reserves?.status !== "success" || token0?.status !== "success") return [];
    const [r0, r1] = reserves.result as readonly [bigint, bigint, number];
    const wplsIs0 = String(token0.result).toLowerCase() === wpls;
    const [reserveWpls, reserveToken] = wplsIs0 ? [r0, r1] : [r1, r0];
    if (reserveWpls === 0n || reserveToken === 0n) return [];
    return [{ pair: f.pair as `0x${string}`, dex: f.dex, token: f.token, wplsIs0, reserveWpls, reserveToken }];
  });
  return pools.sort((a, b) => (b.reserveWpls > a.reserveWpls ? 1 : -1)).slice(0, MAX_EXAMPLES);
}

/** One pool's card: volume = WPLS inputs + token inputs at the pool's current price; fees = volume x LP share. */
function toExample(
  p: Pool,
  swaps: SwapInputs | undefined,
  lpFeePercent: string,
  quote: YieldExample["quote"],
): YieldExample {
  const reserveWpls = fromBaseUnits(p.reserveWpls, 18);
  const liquidity = reserveWpls.mul(2);
  const inWpls = swaps ? (p.wplsIs0 ? swaps.in0 : swaps.in1) : 0n;
  const inToken = swaps ? (p.wplsIs0 ? swaps.in1 : swaps.in0) : 0n;
  const tokenInWpls = new D(inToken.toString()).mul(p.reserveWpls.toString()).div(p.reserveToken.toString());
  const volume = fromBaseUnits(inWpls, 18).plus(tokenInWpls.div(new D(10).pow(18)));
  const fees = volume.mul(lpFeePercent).div(100);
  return {
    pair: p.pair,
    dex: p.dex,
    token: { address: p.token.address, symbol: p.token.symbol },
    quote,
    reserveWpls: reserveWpls.toDecimalPlaces(0).toFixed(),
    liquidityWpls: liquidity.toDecimalPlaces(0).toFixed(),
    swaps: swaps?.count ?? 0,
    volumeWpls: volume.toDecimalPlaces(0).toFixed(),
    lpFeePercent,
    feesWpls: fees.toDecimalPlaces(2).toFixed(),
    feeAprPercent: swaps ? feeAprPercent(fees, liquidity, YIELD_WINDOW_HOURS) : null,
  };
}

/**
 * PulseX pools as examples with their fee APR over the last 24 hours before the newest block:
 * APR = fees / (2 x WPLS reserve) x (8760 / 24) x 100 (core's feeAprPercent).
 */
export async function yieldExamples(deps: YieldDeps): Promise<YieldExamplesResponse> {
  const head = await deps.client.getBlock();
  const headTime = Number(head.timestamp);
  const windowStart = await new BlockByTime(deps.client).blockAt(headTime - YIELD_WINDOW_HOURS * 3600);
  const fromBlock = BigInt(windowStart ?? 0) + 1n;
  const pools = await deepestPools(deps, head.number);
  const swaps = await swapInputs(
    deps.client,
    pools.map((p) => p.pair),
    fromBlock,
    head.number,
  ).catch(() => undefined);
  const wpls = deps.chain.wrappedNative;
  const quote = { address: wpls, symbol: deps.registry.get(deps.chain.chainId, wpls)?.symbol ?? "WPLS" };
  return {
    chainId: deps.chain.chainId,
    windowHours: YIELD_WINDOW_HOURS,
    fromBlock: fromBlock.toString(),
    toBlock: head.number.toString(),
    asOf: new Date(headTime * 1000).toISOString(),
    examples: pools.map((p) => toExample(p, swaps?.get(p.pair), deps.lpFeePercent[p.dex], quote)),
  };
}
