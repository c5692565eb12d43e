import { type Abi, erc20Abi, type PublicClient, toHex } from "viem";
import { MULTICALL3 } from "../rpc/chain-clients.ts";
import { decodeAggregate3, encodeAggregate3 } from "./aggregate3-codec.ts";
import { type ContractCall, decodeCallResult, encodeCall } from "./call-codec.ts";

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
    if (nativeResult?.status !== "success")
      throw new Error(`native balance of ${q.wallet} could not be read`, { cause: nativeResult?.error });
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

/**
 * aggregate3 in chunks of `size` calls, each chunk one eth_call, all chunks in flight together. A call
 * that reverts, answers nothing or cannot be encoded is a failure; a chunk the node refuses fails all its calls.
 */
export async function multicallChunked(
  client: PublicClient,
  calls: readonly ContractCall[],
  size: number,
  blockNumber?: bigint,
): Promise<CallResult[]> {
  const chunks: ContractCall[][] = [];
  for (let i = 0; i < calls.length; i += size) chunks.push(calls.slice(i, i + size));
  const block = blockNumber === undefined ? "latest" : toHex(blockNumber);
  const answers = await Promise.all(chunks.map((chunk) => aggregateChunk(client, chunk, block)));
  return answers.flat();
}

async function aggregateChunk(
  client: PublicClient,
  chunk: readonly ContractCall[],
  block: string,
): Promise<CallResult[]> {
  const encoded = chunk.map((call) => attempt(() => encodeCall(call)));
  let answers: ReturnType<typeof decodeAggregate3>;
  try {
    const data = encodeAggregate3(
      chunk.map((call, i) => ({ target: call.address, callData: encoded[i]?.ok ? encoded[i].value : "0x" })),
    );
    const raw = await client.request({ method: "eth_call", params: [{ to: MULTICALL3, data }, block as never] });
    answers = decodeAggregate3(raw, chunk.length);
  } catch (err) {
    return chunk.map(() => ({ status: "failure", error: err as Error }));
  }
  return chunk.map((call, i): CallResult => {
    const sent = encoded[i];
    const answer = answers[i];
    if (!sent?.ok) return { status: "failure", error: sent?.error ?? new Error("not encoded") };
    if (!answer?.success) return { status: "failure", error: new Error(`${call.functionName} reverted`) };
    const decoded = attempt(() => decodeCallResult(call, answer.returnData));
    return decoded.ok ? { status: "success", result: decoded.value } : { status: "failure", error: decoded.error };
  });
}

function attempt<T>(run: () => T): { ok: true; value: T } | { ok: false; error: Error } {
  try {
    return { ok: true, value: run() };
  } catch (err) {
    return { ok: false, error: err as Error };
  }
}
