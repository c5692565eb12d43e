import { type PortfolioResult, portfolioSummaryOf } from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { PORTFOLIO_HISTORY_QUERY_KEY, PORTFOLIO_QUERY_KEY, PORTFOLIO_SUMMARY_QUERY_KEY } from "../../lib/query-keys.ts";
import { portfolioApi } from "./portfolio-api.ts";
import {
  availableAtOfResult,
  isStale,
  laterOf,
  type RefreshButtonState,
  refreshButtonState,
  retryAfterSecondsOf,
} from "./refresh-state.ts";

/** The current time, ticking every second until `until` has passed. */
function useNowUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until === null || until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(timer);
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}

/** A clock that moves every `ms`, for slow changes such as staleness. */
function useTicker(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

interface PortfolioQueryView {
  data: PortfolioResult | undefined;
  dataUpdatedAt: number;
  isFetching: boolean;
}

/**
 * POST /api/portfolio/refresh with the four button states: the wait comes
 * from the result's refreshAvailableAt or from a 429's retryAfterSeconds.
 */
export function usePortfolioRefresh(query: PortfolioQueryView) {
  const queryClient = useQueryClient();
  const [limitedUntil, setLimitedUntil] = useState<number | null>(null);
  const [hit429, setHit429] = useState(false);

  const mutation = useMutation({
    mutationFn: portfolioApi.refresh,
    onMutate: () => setHit429(false),
    onSuccess: (result) => {
      queryClient.setQueryData(PORTFOLIO_QUERY_KEY, result);
      queryClient.setQueryData(PORTFOLIO_SUMMARY_QUERY_KEY, portfolioSummaryOf(result));
      void queryClient.invalidateQueries({ queryKey: PORTFOLIO_HISTORY_QUERY_KEY });
    },
    onError: (error) => {
      const seconds = retryAfterSecondsOf(error);
      if (seconds !== null) {
        setLimitedUntil(Date.now() + seconds * 1_000);
        setHit429(true);
      }
    },
  });

  const fromResult = query.data ? availableAtOfResult(query.data, Date.now()) : null;
  const availableAt = laterOf(fromResult, limitedUntil);
  const now = Math.max(useNowUntil(availableAt), useTicker(30_000));
  const state: RefreshButtonState = refreshButtonState({
    loading: mutation.isPending || query.isFetching,
    stale: query.data ? isStale(query.data, now) : false,
    availableAt,
    now,
  });

  const { mutate } = mutation;
  /** Always asks the server (the per-wallet icons): a 429 then shows the wait. */
  const refresh = useCallback(() => mutate(), [mutate]);

  return {
    state,
    refresh,
    pending: mutation.isPending,
    /** A refused refresh (429) just happened: shown as an alert, not only under the button. */
    rateLimitHit: hit429 && state.kind === "rateLimited",
    /** A failed refresh other than the rate limit. */
    error: mutation.isError && retryAfterSecondsOf(mutation.error) === null ? mutation.error : null,
  };
}
