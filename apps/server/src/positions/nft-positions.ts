import type { NftPosition } from "@pulsemanager/core";
import type { NftItem } from "../chain/nfts/nft-items.ts";

/** The image proxy's path of one NFT (the page never asks a third party itself). */
export function nftImagePath(chainId: number, contract: string, tokenId: string): string {
  return `/api/nft-image?${new URLSearchParams({ chainId: String(chainId), contract, tokenId })}`;
}

/** Listed, never valued: without a reliable floor price an NFT has no value in the total. */
export function nftPositions(items: readonly NftItem[]): NftPosition[] {
  return items.map((n) => ({
    kind: "nft",
    chainId: n.chainId,
    walletAddress: n.wallet,
    valueUsd: null,
    note: "no reliable floor price: listed, not valued",
    standard: n.standard,
    contractAddress: n.contract,
    collection: n.collection,
    tokenId: n.tokenId,
    amount: n.amount,
    name: n.name,
    imageUrl: n.imageSource ? nftImagePath(n.chainId, n.contract, n.tokenId) : null,
    imageSource: n.imageSource,
  }));
}
