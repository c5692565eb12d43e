import {
  CHAINS,
  decimalPlaces,
  fromBaseUnits,
  type TradeQuote,
  type TradeQuoteQuery,
  toBaseUnits,
} from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { multicallChunked } from "../chain/balances/multicall-balances.ts";
import { routerAbi } from "../chain/dex/uniswap-v2-abi.ts";
import type { Db } from "../db/client.ts";
import { midPriceOut, priceImpactPercent } from "./price-impact.ts";
import { resolveQuoteTokens } from "./quote-tokens.ts";
import type { PulsexRouter, TradeChain } from "./routers.ts";
import { TRADE_MESSAGES, TradeError } from "./trade-error.ts";

export interface QuoteDeps {
  db: Db;
  client: PublicClient;
  chain: TradeChain;
}

interface Candidate {
  router: PulsexRouter;
  path: `0x${string}`[];
  amountOut: bigint | null;
}

const fail = (code: keyof typeof TRADE_MESSAGES) => new TradeError(code, TRADE_MESSAGES[code] as string);

/** Larger amounts first; no answer (null) last. */
function compareOut(a: bigint | null, b: bigint | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a > b ? 1 : -1;
}

/** Direct, and via WPLS when neither side is WPLS. */
function pathsBetween(from: `0x${string}`, to: `0x${string}`, wrapped: `0x${string}`): `0x${string}`[][] {
  const paths = [[from, to]];
  if (from !== wrapped && to !== wrapped) paths.push([from, wrapped, to]);
  return paths;
}

/** getAmountsOut of every router and path in one multicall at one block, the largest amount out first. */
async function askRouters(
  deps: QuoteDeps,
  from: `0x${string}`,
  to: `0x${string}`,
  amountIn: bigint,
  blockNumber: bigint,
): Promise<Candidate[]> {
  const { client, chain } = deps;
  const asked = chain.routers.flatMap((router) =>
    pathsBetween(from, to, chain.wrappedNative).map((path) => ({ router, path })),
  );
  const answers = await multicallChunked(
    client,
    asked.map((c) => ({
      address: c.router.router,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [amountIn, c.path],
    })),
    100,
    blockNumber,
  );
  const candidates = asked.map((c, i): Candidate => {
    const a = answers[i];
    const amounts = a?.status === "success" ? (a.result as readonly bigint[]) : undefined;
    const out = amounts?.[amounts.length - 1];
    return { ...c, amountOut: out !== undefined && out > 0n ? out : null };
  });
  return candidates.sort((a, b) => compareOut(b.amountOut, a.amountOut));
}

/**
 * The best read-only quote of the chain's PulseX routers (the largest amount out of every router,
 * directly and via WPLS); the price impact from the winning route's pool reserves at the same block.
 */
export async function quoteSwap(deps: QuoteDeps, query: TradeQuoteQuery): Promise<TradeQuote> {
  const { client, chain } = deps;
  const [from, to] = await resolveQuoteTokens(
    { db: deps.db, client, chainId: chain.chainId, wrappedNative: chain.wrappedNative },
    [query.from, query.to],
  );
  if (!from || !to) throw fail("TRADE_INVALID_TOKEN");
  if (from.routed === to.routed) throw fail("TRADE_SAME_TOKEN");
  if (decimalPlaces(query.amount) > from.decimals) throw fail("TRADE_TOO_MANY_DECIMALS");
  const amountIn = toBaseUnits(query.amount, from.decimals);
  const blockNumber = await client.getBlockNumber();
  const candidates = await askRouters(deps, from.routed, to.routed, amountIn, blockNumber);
  const best = candidates[0];
  if (!best?.amountOut) throw fail("TRADE_NO_ROUTE");
  const mid = await midPriceOut(client, best.router.factory, best.path, amountIn, blockNumber);
  const wholeOut = (raw: bigint) => fromBaseUnits(raw, to.decimals).toFixed();
  return {
    chainId: chain.chainId,
    from: { address: from.address, symbol: from.symbol, decimals: from.decimals },
    to: { address: to.address, symbol: to.symbol, decimals: to.decimals },
    amountIn: fromBaseUnits(amountIn, from.decimals).toFixed(),
    amountOut: wholeOut(best.amountOut),
    route: { router: best.router.version, routerAddress: best.router.router, path: best.path },
    priceImpact: mid ? priceImpactPercent(mid, best.amountOut) : null,
    source: sourceOf(best.router, chain.chainId),
    candidates: candidates.map((c) => ({
      router: c.router.version,
      path: c.path,
      amountOut: c.amountOut === null ? null : wholeOut(c.amountOut),
    })),
    blockNumber: blockNumber.toString(),
  };
}

/** "PulseX V2 router 0x… on PulseChain (369)". */
function sourceOf(router: PulsexRouter, chainId: number): string {
  const chainName = CHAINS[chainId]?.name.replace(/ Mainnet$/, "") ?? `Chain ${chainId}`;
  return `PulseX ${router.version.toUpperCase()} router ${router.router} on ${chainName} (${chainId})`;
}
