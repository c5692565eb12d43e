import { D, type MarketPair } from "@pulsemanager/core";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { decimalOrNull, lowerAddress, requireOk } from "./provider-values.ts";

export const DEXSCREENER_PROVIDER = "dexscreener";
const CHAINS: Record<number, string> = { 369: "pulsechain", 1: "ethereum" };

interface DsPair {
  dexId: string;
  pairAddress: string;
  labels?: string[];
  baseToken: { address: string; name: string; symbol: string };
  quoteToken: { address: string; name: string; symbol: string };
  priceUsd?: string;
  txns?: { h24?: { buys?: number; sells?: number } };
  volume?: { h24?: number };
  priceChange?: { h24?: number };
  liquidity?: { usd?: number };
}

/**
 * DEX Screener (no key, 300 calls a minute): the pools of one token with price, 24 h change, volume and
 * liquidity. Its figures are JSON numbers; they are taken as the shortest decimal text that reads back
 * as the same number (what the provider printed), never computed with as floats.
 */
export class DexScreenerClient {
  constructor(private readonly deps: { upstream: UpstreamClient; baseUrl: string }) {}

  /** The token's pools where it is the base token, deepest first; [] for a token DEX Screener does not know. */
  async tokenPairs(chainId: number, token: string): Promise<MarketPair[]> {
    const chain = CHAINS[chainId];
    if (!chain) return [];
    const { status, body } = await this.deps.upstream.json<DsPair[] | null>({
      provider: DEXSCREENER_PROVIDER,
      endpoint: "token-pairs",
      kind: "market",
      url: `${this.deps.baseUrl}/token-pairs/v1/${chain}/${token.toLowerCase()}`,
    });
    requireOk(DEXSCREENER_PROVIDER, status, "token-pairs");
    const wanted = token.toLowerCase();
    return (Array.isArray(body) ? body : [])
      .filter((p) => p.baseToken?.address?.toLowerCase() === wanted)
      .map((p) => toPair(chainId, p))
      .sort((a, b) => new D(b.liquidityUsd ?? -1).cmp(new D(a.liquidityUsd ?? -1)));
  }
}

function toPair(chainId: number, p: DsPair): MarketPair {
  const tx = p.txns?.h24;
  const version = p.labels?.[0];
  return {
    chainId,
    pairAddress: lowerAddress(p.pairAddress),
    dex: version ? `${p.dexId}-${version}` : p.dexId,
    base: { chainId, address: lowerAddress(p.baseToken.address), symbol: p.baseToken.symbol, name: p.baseToken.name },
    quote: {
      chainId,
      address: lowerAddress(p.quoteToken.address),
      symbol: p.quoteToken.symbol,
      name: p.quoteToken.name,
    },
    priceUsd: decimalOrNull(p.priceUsd),
    change24h: decimalOrNull(p.priceChange?.h24),
    volume24hUsd: decimalOrNull(p.volume?.h24),
    liquidityUsd: decimalOrNull(p.liquidity?.usd),
    swaps24h: tx ? (tx.buys ?? 0) + (tx.sells ?? 0) : null,
  };
}
