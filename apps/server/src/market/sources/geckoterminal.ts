import { D, type MarketPair, type PricePoint } from "@pulsemanager/core";
import type { UpstreamClient } from "../../upstream/upstream-client.ts";
import { decimalOrNull, lowerAddress, requireOk } from "./provider-values.ts";

export const GECKOTERMINAL_PROVIDER = "geckoterminal";
const NETWORKS: Record<number, string> = { 369: "pulsechain", 1: "eth" };

interface GtToken {
  id: string;
  attributes: { address: string; name: string; symbol: string; decimals?: number };
}
interface GtPool {
  id: string;
  attributes: {
    address: string;
    base_token_price_usd: string | null;
    price_change_percentage?: { h24?: string | null };
    volume_usd?: { h24?: string | null };
    reserve_in_usd: string | null;
    transactions?: { h24?: { buys?: number; sells?: number } };
  };
  relationships: {
    base_token: { data: { id: string } };
    quote_token: { data: { id: string } };
    dex: { data: { id: string } };
  };
}

/**
 * GeckoTerminal (no key, 30 calls a minute): the top pools of a network by 24 h volume, and a pool's
 * daily candles. Values arrive as decimal strings (candles as numbers, taken as their shortest text).
 */
export class GeckoTerminalClient {
  constructor(private readonly deps: { upstream: UpstreamClient; baseUrl: string }) {}

  async topPairs(chainId: number, limit: number): Promise<MarketPair[]> {
    const network = NETWORKS[chainId];
    if (!network) return [];
    const body = await this.get<{ data?: GtPool[]; included?: GtToken[] }>(
      "networks/pools",
      `/networks/${network}/pools?page=1&sort=h24_volume_usd_desc&include=base_token,quote_token`,
    );
    const tokens = new Map((body.included ?? []).map((t) => [t.id, t.attributes]));
    return (body.data ?? []).slice(0, limit).flatMap((pool) => {
      const base = tokens.get(pool.relationships.base_token.data.id);
      const quote = tokens.get(pool.relationships.quote_token.data.id);
      if (!base || !quote) return [];
      const a = pool.attributes;
      const tx = a.transactions?.h24;
      return [
        {
          chainId,
          pairAddress: lowerAddress(a.address),
          dex: pool.relationships.dex.data.id,
          base: { chainId, address: lowerAddress(base.address), symbol: base.symbol, name: base.name },
          quote: { chainId, address: lowerAddress(quote.address), symbol: quote.symbol, name: quote.name },
          priceUsd: decimalOrNull(a.base_token_price_usd),
          change24h: decimalOrNull(a.price_change_percentage?.h24),
          volume24hUsd: decimalOrNull(a.volume_usd?.h24),
          liquidityUsd: decimalOrNull(a.reserve_in_usd),
          swaps24h: tx ? (tx.buys ?? 0) + (tx.sells ?? 0) : null,
        },
      ];
    });
  }

  /** GET with the API version pinned; a 4xx answer is an error. */
  private async get<T>(endpoint: string, path: string): Promise<T> {
    const { status, body } = await this.deps.upstream.json<T>({
      provider: GECKOTERMINAL_PROVIDER,
      endpoint,
      kind: "market",
      url: `${this.deps.baseUrl}${path}`,
      init: { headers: { accept: "application/json;version=20230302" } },
    });
    requireOk(GECKOTERMINAL_PROVIDER, status, endpoint);
    return body;
  }

  /** Daily closing prices of a pool's base token, oldest first. */
  async dailyCloses(chainId: number, pool: string, days: number): Promise<PricePoint[]> {
    const network = NETWORKS[chainId];
    if (!network) return [];
    const body = await this.get<{ data?: { attributes?: { ohlcv_list?: number[][] } } }>(
      "pools/ohlcv",
      `/networks/${network}/pools/${pool}/ohlcv/day?aggregate=1&limit=${days}`,
    );
    return (body.data?.attributes?.ohlcv_list ?? [])
      .filter((row) => row.length >= 5 && Number.isFinite(row[0]) && Number.isFinite(row[4]))
      .map((row) => ({ t: row[0] as number, priceUsd: new D(String(row[4])).toFixed() }))
      .sort((a, b) => a.t - b.t);
  }
}
