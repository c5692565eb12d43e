import type { PublicClient } from "viem";
import { swapEvent as SWAP_EVENT } from "../chain/dex/uniswap-v2-abi.ts";

export interface SwapInputs {
  count: number;
  /** Sum of amount0In and of amount1In (base units). */
  in0: bigint;
  in1: bigint;
}

/** The smallest block range asked before giving up on a node that refuses ranges. */
const MIN_CHUNK = 500n;

/**
 * Every Swap of the pairs in the block range, summed per pair: one eth_getLogs per chunk, the chunk
 * halved when the node refuses a range (public nodes limit them).
 */
export async function swapInputs(
  client: PublicClient,
  pairs: readonly `0x${string}`[],
  fromBlock: bigint,
  toBlock: bigint,
  chunk = 10_000n,
  minChunk = MIN_CHUNK,
): Promise<Map<string, SwapInputs>> {
  const out = new Map<string, SwapInputs>(pairs.map((p) => [p.toLowerCase(), { count: 0, in0: 0n, in1: 0n }]));
  if (pairs.length === 0) return out;
  let size = chunk;
  for (let start = fromBlock; start <= toBlock; ) {
    const end = start + size - 1n < toBlock ? start + size - 1n : toBlock;
    let logs: Awaited<ReturnType<typeof readSwaps>>;
    try {
      logs = await readSwaps(client, pairs, start, end);
    } catch (err) {
      if (size <= minChunk) throw err;
      size /= 2n;
      continue;
    }
    for (const log of logs) {
      const sum = out.get(log.address.toLowerCase());
      if (!sum) continue;
      sum.count++;
      sum.in0 += log.args.amount0In ?? 0n;
      sum.in1 += log.args.amount1In ?? 0n;
    }
    start = end + 1n;
  }
  return out;
}

function readSwaps(client: PublicClient, pairs: readonly `0x${string}`[], fromBlock: bigint, toBlock: bigint) {
  return client.getLogs({ address: [...pairs], event: SWAP_EVENT, fromBlock, toBlock });
}
