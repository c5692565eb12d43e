import { type PublicClient, pad, toHex } from "viem";
import { TRANSFER_TOPIC } from "./rpc-log-history.ts";

/**
 * Token discovery on a plain RPC node: every contract that ever sent a Transfer
 * to one of the wallets, in one eth_getLogs per block range for all wallets together.
 */
export async function discoverTokensByLogs(
  client: PublicClient,
  wallets: readonly string[],
  options: {
    fromBlock?: number;
    rangeBlocks?: number;
    /** Collects the ERC-721 Transfers (the token id as fourth topic) the same query returns. */
    erc721?: { address: string; topics: string[]; data: `0x${string}` }[];
  } = {},
): Promise<Map<string, Set<string>>> {
  const byWallet = new Map<string, Set<string>>(wallets.map((w) => [w.toLowerCase(), new Set<string>()]));
  if (wallets.length === 0) return byWallet;
  const head = Number(await client.getBlockNumber());
  const topics = wallets.map((w) => pad(w.toLowerCase() as `0x${string}`, { size: 32 }));
  let range = options.rangeBlocks ?? 1_000_000;
  let start = options.fromBlock ?? 0;
  while (start <= head) {
    const end = Math.min(head, start + range - 1);
    try {
      const logs = (await client.request({
        method: "eth_getLogs",
        params: [{ fromBlock: toHex(start), toBlock: toHex(end), topics: [TRANSFER_TOPIC, null, topics] as never }],
      })) as { address: string; topics: string[]; data: `0x${string}` }[];
      for (const log of logs) {
        if (log.topics.length === 4) options.erc721?.push(log);
        if (log.topics.length !== 3) continue;
        const to = `0x${(log.topics[2] ?? "").slice(-40)}`.toLowerCase();
        byWallet.get(to)?.add(log.address.toLowerCase());
      }
      start = end + 1;
    } catch (err) {
      if (range <= 1000) throw err;
      range = Math.floor(range / 4);
    }
  }
  return byWallet;
}
