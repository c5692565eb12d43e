import { type Abi, erc20Abi, type PublicClient } from "viem";
import { multicallChunked } from "../chain/balances/multicall-balances.ts";

/** A Uniswap-V2-style factory whose pairs count as liquidity positions. */
export interface PairFactory {
  dex: string;
  address: `0x${string}`;
}

export interface PairToken {
  pair: string;
  dex: string;
  token0: string;
  token1: string;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
}

const pairAbi = [
  { type: "function", name: "token0", stateMutability: "view", inputs: [], outputs: [{ type: "address" }] },
  { type: "function", name: "token1", stateMutability: "view", inputs: [], outputs: [{ type: "address" }] },
  {
    type: "function",
    name: "getReserves",
    stateMutability: "view",
    inputs: [],
    outputs: [
      { name: "reserve0", type: "uint112" },
      { name: "reserve1", type: "uint112" },
      { name: "blockTimestampLast", type: "uint32" },
    ],
  },
] as const satisfies Abi;

const factoryAbi = [
  {
    type: "function",
    name: "getPair",
    stateMutability: "view",
    inputs: [
      { name: "tokenA", type: "address" },
      { name: "tokenB", type: "address" },
    ],
    outputs: [{ name: "pair", type: "address" }],
  },
] as const satisfies Abi;

const PAIR_CALLS = ["token0", "token1", "getReserves", "totalSupply"] as const;

/**
 * Which of `tokens` are pair tokens of a known factory, with their reserves and supply. Two
 * multicalls: token0/token1/getReserves/totalSupply of every token, then each factory's
 * getPair(token0, token1) for those that answered - only a pair the factory names itself counts,
 * so a contract that merely looks like a pair is not valued as one.
 */
export async function detectPairs(
  client: PublicClient,
  factories: readonly PairFactory[],
  tokens: readonly string[],
): Promise<Map<string, PairToken>> {
  const out = new Map<string, PairToken>();
  if (factories.length === 0 || tokens.length === 0) return out;
  const reads = await multicallChunked(
    client,
    tokens.flatMap((t) =>
      PAIR_CALLS.map((functionName) => ({
        address: t as `0x${string}`,
        abi: functionName === "totalSupply" ? erc20Abi : pairAbi,
        functionName,
      })),
    ),
    1000,
  );
  const looksLikePair: Omit<PairToken, "dex">[] = [];
  tokens.forEach((pair, i) => {
    const [t0, t1, reserves, supply] = reads.slice(i * 4, i * 4 + 4);
    if (t0?.status !== "success" || t1?.status !== "success") return;
    if (reserves?.status !== "success" || supply?.status !== "success") return;
    const [reserve0, reserve1] = reserves.result as readonly [bigint, bigint, number];
    looksLikePair.push({
      pair: pair.toLowerCase(),
      token0: String(t0.result).toLowerCase(),
      token1: String(t1.result).toLowerCase(),
      reserve0,
      reserve1,
      totalSupply: supply.result as bigint,
    });
  });
  if (looksLikePair.length === 0) return out;
  const named = await multicallChunked(
    client,
    looksLikePair.flatMap((p) =>
      factories.map((f) => ({
        address: f.address,
        abi: factoryAbi,
        functionName: "getPair",
        args: [p.token0, p.token1],
      })),
    ),
    1000,
  );
  looksLikePair.forEach((p, i) => {
    const j = factories.findIndex((_, k) => {
      const r = named[i * factories.length + k];
      return r?.status === "success" && String(r.result).toLowerCase() === p.pair;
    });
    const factory = factories[j];
    if (factory) out.set(p.pair, { ...p, dex: factory.dex });
  });
  return out;
}
