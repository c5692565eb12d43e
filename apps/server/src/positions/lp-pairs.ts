import { erc20Abi, type PublicClient } from "viem";
import { multicallChunked } from "../chain/balances/multicall-balances.ts";
import type { PairFactory } from "../chain/contracts/position-contracts.ts";
import { factoryAbi, pairAbi } from "../chain/dex/uniswap-v2-abi.ts";

export interface PairToken {
  pair: string;
  dex: string;
  token0: string;
  token1: string;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
}

/** A token that answers token0() and token1() like a pair: a pair only once its factory names it. */
export interface PairCandidate {
  pair: string;
  token0: string;
  token1: string;
}

/**
 * Which of `tokens` are pair tokens of a known factory, with their reserves and supply. Two
 * multicalls: token0/token1 of every token (probePairs), then for those that answered each
 * factory's getPair(token0, token1) with getReserves and totalSupply (verifyPairs) - only a pair the
 * factory names itself counts, so a contract that merely looks like a pair is not valued as one.
 */
export async function detectPairs(
  client: PublicClient,
  factories: readonly PairFactory[],
  tokens: readonly string[],
): Promise<Map<string, PairToken>> {
  return verifyPairs(client, factories, await probePairs(client, factories, tokens));
}

/** The tokens that answer token0() and token1() (none to ask without a factory to check them against). */
export async function probePairs(
  client: PublicClient,
  factories: readonly PairFactory[],
  tokens: readonly string[],
): Promise<PairCandidate[]> {
  if (factories.length === 0 || tokens.length === 0) return [];
  const at = (t: string) => t as `0x${string}`;
  const sides = await multicallChunked(
    client,
    tokens.flatMap((t) => [
      { address: at(t), abi: pairAbi, functionName: "token0" },
      { address: at(t), abi: pairAbi, functionName: "token1" },
    ]),
    1000,
  );
  return tokens.flatMap((t, i) => {
    const [t0, t1] = [sides[i * 2], sides[i * 2 + 1]];
    if (t0?.status !== "success" || t1?.status !== "success") return [];
    return [
      { pair: t.toLowerCase(), token0: String(t0.result).toLowerCase(), token1: String(t1.result).toLowerCase() },
    ];
  });
}

/** The candidates a factory names as its pair for (token0, token1), with their reserves and supply. */
export async function verifyPairs(
  client: PublicClient,
  factories: readonly PairFactory[],
  candidates: readonly PairCandidate[],
): Promise<Map<string, PairToken>> {
  const out = new Map<string, PairToken>();
  if (factories.length === 0 || candidates.length === 0) return out;
  const at = (t: string) => t as `0x${string}`;
  const per = factories.length + 2;
  const reads = await multicallChunked(
    client,
    candidates.flatMap((c) => [
      ...factories.map((f) => ({
        address: f.address,
        abi: factoryAbi,
        functionName: "getPair",
        args: [c.token0, c.token1],
      })),
      { address: at(c.pair), abi: pairAbi, functionName: "getReserves" },
      { address: at(c.pair), abi: erc20Abi, functionName: "totalSupply" },
    ]),
    1000,
  );
  candidates.forEach((c, i) => {
    const row = reads.slice(i * per, (i + 1) * per);
    const factory = factories.find((_, k) => {
      const r = row[k];
      return r?.status === "success" && String(r.result).toLowerCase() === c.pair;
    });
    const [reserves, supply] = row.slice(factories.length);
    if (!factory || reserves?.status !== "success" || supply?.status !== "success") return;
    const [reserve0, reserve1] = reserves.result as readonly [bigint, bigint, number];
    out.set(c.pair, { ...c, dex: factory.dex, reserve0, reserve1, totalSupply: supply.result as bigint });
  });
  return out;
}
