import type { PublicClient } from "viem";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { blockscoutNfts } from "./nft-blockscout.ts";
import type { NftItem } from "./nft-items.ts";
import { discoverNftsByLogs, type Log } from "./nft-rpc.ts";

/** Where a chain's NFTs come from: the node's logs (the devchain) or Blockscout's v2 NFT list (mainnet). */
export interface NftSource {
  /** `erc721Logs`: the wallets' ERC-721 Transfers when token discovery has read them already. */
  list(wallets: readonly string[], erc721Logs?: readonly Log[]): Promise<NftItem[]>;
}

export function rpcNftSource(client: PublicClient, chainId: number): NftSource {
  return { list: (wallets, erc721Logs) => discoverNftsByLogs(client, chainId, wallets, erc721Logs) };
}

export function blockscoutNftSource(
  upstream: UpstreamClient,
  chainId: number,
  source: { baseUrl: string; provider: string },
): NftSource {
  return {
    list: async (wallets) =>
      (await Promise.all(wallets.map((w) => blockscoutNfts(upstream, source, chainId, w)))).flat(),
  };
}
