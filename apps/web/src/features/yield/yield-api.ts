import type { YieldExamplesResponse } from "@pulsemanager/core";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { YIELD_EXAMPLES_QUERY_KEY } from "../../lib/query-keys.ts";

/** GET /api/yield/examples: PulseX pools with their fee APR of the last 24 hours. */
export const yieldExamplesQueryOptions = queryOptions({
  queryKey: YIELD_EXAMPLES_QUERY_KEY,
  queryFn: () => api<YieldExamplesResponse>("/api/yield/examples"),
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: false,
});
