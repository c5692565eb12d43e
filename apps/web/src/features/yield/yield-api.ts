import type { YieldExamplesResponse } from "@pulsemanager/core";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

/** GET /api/yield/examples: PulseX pools with their fee APR of the last 24 hours. */
export const yieldExamplesQueryOptions = queryOptions({
  queryKey: ["yield", "examples"],
  queryFn: () => api<YieldExamplesResponse>("/api/yield/examples"),
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: false,
});
