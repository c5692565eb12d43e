import { CHAINS, NATIVE } from "@pulsemanager/core";
import type { PublicClient } from "viem";
import { loadTokenMetadata } from "../chain/tokens/token-metadata.ts";
import type { Db } from "../db/client.ts";
import { TRADE_MESSAGES, TradeError } from "./trade-error.ts";

export interface QuoteToken {
  /** "native" or the lower-case contract, as asked. */
  address: string;
  /** What the routers swap: WPLS for PLS. */
  routed: `0x${string}`;
  symbol: string;
  decimals: number;
}

/** Symbol and decimals of both tokens (PLS as WPLS); an address that is no ERC-20 is refused. */
export async function resolveQuoteTokens(
  deps: { db: Db; client: PublicClient; chainId: number; wrappedNative: `0x${string}` },
  addresses: readonly string[],
): Promise<QuoteToken[]> {
  const contracts = addresses.filter((a) => a !== NATIVE);
  const meta = await loadTokenMetadata(deps.db, deps.client, deps.chainId, contracts);
  return addresses.map((address) => {
    if (address === NATIVE) {
      const symbol = CHAINS[deps.chainId]?.nativeSymbol ?? "PLS";
      return { address, routed: deps.wrappedNative, symbol, decimals: 18 };
    }
    const m = meta.get(address);
    if (!m?.isErc20 || m.decimals === null) {
      throw new TradeError("TRADE_UNKNOWN_TOKEN", TRADE_MESSAGES.TRADE_UNKNOWN_TOKEN as string);
    }
    return { address, routed: address as `0x${string}`, symbol: m.symbol ?? "?", decimals: m.decimals };
  });
}
