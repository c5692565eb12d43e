import { type PublicClient, parseAbiItem } from "viem";

const SWAP_EVENT = parseAbiItem(
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
);

export interface SwapInputs {
  count: number;
  /** Sum of amount0In and of amount1In (base units). */
  in0: bigint;
  in1: bigint;
}

/** Every Swap of the pairs in the block range, summed per pair (one eth_getLogs per range chunk). */
export async function swapInputs(
  client: PublicClient,
  pairs: readonly `0x${string}`[],
  fromBlock: bigint,
  toBlock: bigint,
  chunk = 10_000n,
): Promise<Map<string, SwapInputs>> {
  const out = new Map<string, SwapInputs>(pairs.map((p) => [p.toLowerCase(), { count: 0, in0: 0n, in1: 0n }]));
  if (pairs.length === 0) return out;
  for (let start = fromBlock; start <= toBlock; start += chunk) {
    const end = start + chunk - 1n < toBlock ? start + chunk - 1n : toBlock;
    const logs = await client.getLogs({ address: [...pairs], event: SWAP_EVENT, fromBlock: start, toBlock: end });
    for (const log of logs) {
      const sum = out.get(log.address.toLowerCase());
      if (!sum) continue;
      sum.count++;
      sum.in0 += log.args.amount0In ?? 0n;
      sum.in1 += log.args.amount1In ?? 0n;
    }
  }
  return out;
}
