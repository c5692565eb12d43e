import type { TokenHolding } from "@pulsemanager/core";

export function rowKey(token: TokenHolding): string {
  return `${token.walletAddress}:${token.chainId}:${token.contractAddress}`;
}

/** The `data-token` of a row or list item: chain and contract. */
export function tokenDataId(token: TokenHolding): string {
  return `${token.chainId}:${token.contractAddress.toLowerCase()}`;
}

/** What the value column says about a token without a usable price (in the words of docs/product/design.md). */
export function priceProblem(token: TokenHolding): "unavailable" | "unreliable" | null {
  if (token.hasReliablePrice) return null;
  return token.price === null ? "unavailable" : "unreliable";
}
