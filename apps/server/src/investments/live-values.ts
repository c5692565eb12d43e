import { D, type Investment, tokenKey } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";

/** The chain services the live values read: each chain's client, the token table and current prices. */
export type LiveValueDeps = Pick<ChainServices, "clients" | "registry" | "prices">;

/**
 * The value now of the investments that name their token (chain, contract) and a quantity: quantity
 * times the token's current price (the portfolio's price service, reliable prices only). Others, and
 * tokens without a reliable price, keep liveValueUsd null: the entered current value stands.
 */
export async function withLiveValues(
  deps: { db: Db; chain: LiveValueDeps },
  investments: Investment[],
): Promise<Investment[]> {
  const tracked = investments.filter((i) => i.chainId !== null && i.tokenAddress && i.quantity !== "");
  const byChain = new Map<number, Set<string>>();
  for (const i of tracked) {
    const set = byChain.get(i.chainId as number) ?? new Set<string>();
    set.add(i.tokenAddress as string);
    byChain.set(i.chainId as number, set);
  }
  const prices = new Map<string, string>();
  for (const [chainId, tokens] of byChain) {
    const client = deps.chain.clients.get(chainId);
    if (!client) continue;
    try {
      const meta = await loadTokenMetadata(deps.db, client, chainId, [...tokens]);
      const requests = [...tokens].flatMap((address) => {
        const decimals = deps.chain.registry.get(chainId, address)?.decimals ?? meta.get(address)?.decimals;
        return decimals == null ? [] : [{ address, decimals }];
      });
      const answer = await deps.chain.prices.currentPrices(chainId, requests);
      for (const [address, quote] of answer.quotes)
        if (quote.reliable) prices.set(tokenKey(chainId, address), quote.usd);
    } catch {
      // No live price: the entered current value stands.
    }
  }
  return investments.map((i) => {
    const price = i.chainId !== null && i.tokenAddress ? prices.get(tokenKey(i.chainId, i.tokenAddress)) : undefined;
    if (!price || i.quantity === "") return i;
    return { ...i, liveValueUsd: new D(i.quantity).mul(price).toFixed(2, D.ROUND_HALF_UP) };
  });
}
