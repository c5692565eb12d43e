import {
  type ChartRange,
  type Freshness,
  type MarketPairsResponse,
  type MarketTimeframe,
  type MoversResponse,
  marketPairsResponseSchema,
  moversResponseSchema,
  type TokenDetailResponse,
  type TokenSearchResponse,
  tokenDetailResponseSchema,
  tokenSearchResponseSchema,
} from "@pulsemanager/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api.ts";
import {
  heldMoversQueryKey,
  marketMoversQueryKey,
  marketPairsQueryKey,
  tokenDetailQueryKey,
  tokenSearchQueryKey,
} from "../../lib/query-keys.ts";
import { shouldRetryQuery } from "../../lib/query-retry.ts";

/** Market answers are cached on the server; the page asks again after a minute at most. */
const MARKET_STALE_MS = 60_000;

/** While a list is unavailable (the chain or provider did not answer) the page asks again this often. */
export const UNAVAILABLE_REFETCH_MS = 15_000;

/**
 * Ask again soon while the answer says the data could not be read (after the seconds the server names,
 * else UNAVAILABLE_REFETCH_MS) or the server or network failed (a 5xx, no answer); otherwise only
 * when stale. A refused request (4xx) is not asked again by itself.
 */
export function refetchWhileUnavailable(
  data: Pick<Freshness, "unavailable" | "retryAfterSeconds"> | undefined,
  error: unknown = null,
): number | false {
  if (error) return error instanceof ApiError && error.status < 500 ? false : UNAVAILABLE_REFETCH_MS;
  if (!data?.unavailable) return false;
  return data.retryAfterSeconds ? data.retryAfterSeconds * 1000 : UNAVAILABLE_REFETCH_MS;
}

export const marketApi = {
  async pairs(chainId: number, limit: number): Promise<MarketPairsResponse> {
    const raw = await api<unknown>(`/api/market/pairs?chainId=${chainId}&limit=${limit}`);
    return marketPairsResponseSchema.parse(raw);
  },
  async movers(chainId: number, timeframe: MarketTimeframe): Promise<MoversResponse> {
    const raw = await api<unknown>(`/api/market/movers?chainId=${chainId}&timeframe=${timeframe}`);
    return moversResponseSchema.parse(raw);
  },
  /** Gainers and losers among the signed-in user's own tokens (both chains), priced by the server. */
  async heldMovers(timeframe: MarketTimeframe): Promise<MoversResponse> {
    const raw = await api<unknown>(`/api/market/movers?scope=holdings&timeframe=${timeframe}`);
    return moversResponseSchema.parse(raw);
  },
  async search(q: string): Promise<TokenSearchResponse> {
    return tokenSearchResponseSchema.parse(await api<unknown>(`/api/market/tokens?q=${encodeURIComponent(q)}`));
  },
  async token(chainId: number, address: string, range: ChartRange): Promise<TokenDetailResponse> {
    const path = `/api/market/tokens/${chainId}/${encodeURIComponent(address)}?range=${range}`;
    return tokenDetailResponseSchema.parse(await api<unknown>(path));
  },
};

export function useMarketPairs(chainId = 369, limit = 20) {
  return useQuery({
    queryKey: marketPairsQueryKey(chainId, limit),
    queryFn: () => marketApi.pairs(chainId, limit),
    staleTime: MARKET_STALE_MS,
    refetchInterval: (query) => refetchWhileUnavailable(query.state.data, query.state.error),
    retry: false,
  });
}

export function useMarketMovers(chainId = 369, timeframe: MarketTimeframe = "24h") {
  return useQuery({
    queryKey: marketMoversQueryKey(chainId, timeframe),
    queryFn: () => marketApi.movers(chainId, timeframe),
    staleTime: MARKET_STALE_MS,
    refetchInterval: (query) => refetchWhileUnavailable(query.state.data, query.state.error),
    retry: false,
  });
}

export function useHeldMovers(timeframe: MarketTimeframe, enabled: boolean) {
  return useQuery({
    queryKey: heldMoversQueryKey(timeframe),
    queryFn: () => marketApi.heldMovers(timeframe),
    staleTime: MARKET_STALE_MS,
    refetchInterval: (query) => refetchWhileUnavailable(query.state.data, query.state.error),
    retry: false,
    enabled,
  });
}

/** The search keeps the last rows while the next answer loads (no flicker between keys). */
export function useTokenSearch(q: string) {
  return useQuery({
    queryKey: tokenSearchQueryKey(q),
    queryFn: () => marketApi.search(q),
    staleTime: MARKET_STALE_MS,
    refetchInterval: (query) => refetchWhileUnavailable(query.state.data, query.state.error),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTokenDetail(chainId: number, address: string, range: ChartRange) {
  return useQuery({
    queryKey: tokenDetailQueryKey(chainId, address, range),
    queryFn: () => marketApi.token(chainId, address, range),
    staleTime: MARKET_STALE_MS,
    // Another range of the same token keeps the page while it loads; another token does not.
    placeholderData: (previous) =>
      previous?.token.chainId === chainId && previous.token.address === address ? previous : undefined,
    retry: shouldRetryQuery,
  });
}
