import { type Abi, erc20Abi, type PublicClient } from "viem";
import { MULTICALL3 } from "../rpc/chain-clients.ts";

const multicall3Abi = [
  {
    type: "function",
    name: "getEthBalance",
    stateMutability: "view",
    inputs: [{ name: "addr", type: "address" }],
    outputs: [{ name: "balance", type: "uint256" }],
  },
] as const satisfies Abi;

export interface BalanceQuery {
  wallet: `0x${string}`;
  /** ERC-20 contracts to read; the native balance is always read. */
  tokens: readonly `0x${string}`[];
}

export interface WalletBalances {
  wallet: `0x${string}`;
  native: bigint;
  /** token address (lower-case) -> raw balance; tokens whose call failed are in `failed`. */
  tokens: Map<string, bigint>;
  failed: string[];
}

/**
 * Native and ERC-20 balances of many wallets through Multicall3's aggregate3:
 * one eth_call per `callsPerRequest` reads (so 5 wallets x 300 tokens take 2).
 */
export async function readBalances(
  client: PublicClient,
  queries: readonly BalanceQuery[],
  options: { callsPerRequest?: number; blockNumber?: bigint } = {},
): Promise<WalletBalances[]> {
  const calls = queries.flatMap((q) => [
    { address: MULTICALL3, abi: multicall3Abi, functionName: "getEthBalance" as const, args: [q.wallet] as const },
    ...q.tokens.map((token) => ({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf" as const,
      args: [q.wallet] as const,
    })),
  ]);
  const results = await multicallChunked(client, calls, options.callsPerRequest ?? 1000, options.blockNumber);
  let i = 0;
  return queries.map((q) => {
    const nativeResult = results[i++];
    if (nativeResult?.status !== "success") throw new Error(`native balance of ${q.wallet} could not be read`);
    const tokens = new Map<string, bigint>();
    const failed: string[] = [];
    for (const token of q.tokens) {
      const r = results[i++];
      if (r?.status === "success") tokens.set(token.toLowerCase(), r.result as bigint);
      else failed.push(token.toLowerCase());
    }
    return { wallet: q.wallet, native: nativeResult.result as bigint, tokens, failed };
  });
}

type CallResult = { status: "success"; result: unknown } | { status: "failure"; error: Error };

/** aggregate3 in chunks of `size` calls, each chunk one eth_call, all chunks in flight together. */
export async function multicallChunked(
  client: PublicClient,
  calls: readonly { address: `0x${string}`; abi: Abi; functionName: string; args?: readonly unknown[] }[],
  size: number,
  blockNumber?: bigint,
): Promise<CallResult[]> {
  const chunks: (typeof calls)[] = [];
  for (let i = 0; i < calls.length; i += size) chunks.push(calls.slice(i, i + size));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      client.multicall({
        contracts: chunk as never,
        allowFailure: true,
        batchSize: 0,
        multicallAddress: MULTICALL3,
        ...(blockNumber === undefined ? {} : { blockNumber }),
      }),
    ),
  );
  return answers.flat() as CallResult[];
}
