import {
  type PortfolioHistoryResponse,
  type PortfolioResult,
  type PortfolioSummary,
  type portfolioSnapshotSchema,
  portfolioSummaryOf,
} from "@pulsemanager/core";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../lib/api.ts";
import { PORTFOLIO_HISTORY_QUERY_KEY, PORTFOLIO_QUERY_KEY, PORTFOLIO_SUMMARY_QUERY_KEY } from "../../lib/query-keys.ts";
import { recordPortfolioLoad } from "./cu-monitor-store.ts";

export type PortfolioSnapshot = z.infer<typeof portfolioSnapshotSchema>;

/**
 * The answers are typed by the shared schemas the server builds them with and are not parsed again
 * here: a portfolio holds thousands of tokens, and a second validation of each would hold up the page.
 */
/**
 * The server's countdown to the next allowed refresh, turned into this browser's clock: the body's
 * `refreshAvailableAt` is in the server's clock, which the browser's may not match.
 */
async function fetchPortfolio(path: string, method: "GET" | "POST"): Promise<PortfolioResult> {
  let waitSeconds: number | null = null;
  const result = await api<PortfolioResult>(path, {
    method,
    ...(method === "POST" ? { body: {} } : {}),
    onHeaders: (headers) => {
      const wait = Number(headers.get("x-refresh-available-in"));
      if (headers.has("x-refresh-available-in") && Number.isFinite(wait)) waitSeconds = wait;
    },
  });
  if (waitSeconds === null) return result;
  return { ...result, refreshAvailableAt: new Date(Date.now() + waitSeconds * 1000).toISOString() };
}

export const portfolioApi = {
  /** GET /api/portfolio: the cached result when younger than 10 minutes, else a fresh load. */
  async get(): Promise<PortfolioResult> {
    const result = await fetchPortfolio("/api/portfolio", "GET");
    recordPortfolioLoad("GET /api/portfolio", result);
    return result;
  },
  /** POST /api/portfolio/refresh: a fresh load; 429 RATE_LIMITED within 5 minutes of the last one. */
  async refresh(): Promise<PortfolioResult> {
    const result = await fetchPortfolio("/api/portfolio/refresh", "POST");
    recordPortfolioLoad("POST /api/portfolio/refresh", result);
    return result;
  },
  /** GET /api/portfolio/summary: the total and counts of the same cached version, without the token rows. */
  async summary(): Promise<PortfolioSummary> {
    return api<PortfolioSummary>("/api/portfolio/summary");
  },
  /** GET /api/portfolio/history: one snapshot per day, oldest first. */
  async history(): Promise<PortfolioSnapshot[]> {
    return (await api<PortfolioHistoryResponse>("/api/portfolio/history")).snapshots;
  },
};

export const portfolioQueryOptions = queryOptions({
  queryKey: PORTFOLIO_QUERY_KEY,
  queryFn: portfolioApi.get,
  // The server caches for 10 minutes; reading it again on every focus only adds load entries.
  staleTime: 60_000,
  refetchOnWindowFocus: false,
});

export function usePortfolio() {
  return useQuery(portfolioQueryOptions);
}

/**
 * The portfolio's total and counts for a summary card: taken from the full answer when this tab holds
 * a current one (the portfolio page was open), else the small summary answer instead of thousands of
 * token rows.
 */
export function portfolioSummaryQueryOptions(client: QueryClient) {
  return queryOptions({
    queryKey: PORTFOLIO_SUMMARY_QUERY_KEY,
    queryFn: async (): Promise<PortfolioSummary> => {
      const full = client.getQueryData<PortfolioResult>(PORTFOLIO_QUERY_KEY);
      return full && !client.getQueryState(PORTFOLIO_QUERY_KEY)?.isInvalidated
        ? portfolioSummaryOf(full)
        : portfolioApi.summary();
    },
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

export function usePortfolioSummary() {
  return useQuery(portfolioSummaryQueryOptions(useQueryClient()));
}

export function usePortfolioHistory(enabled: boolean) {
  return useQuery({
    queryKey: PORTFOLIO_HISTORY_QUERY_KEY,
    queryFn: portfolioApi.history,
    enabled,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}
