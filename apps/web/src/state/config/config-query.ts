import type { PublicConfig } from "@pulsemanager/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { CONFIG_QUERY_KEY } from "../../lib/boot-query-keys.ts";
import { shouldRetryQuery } from "../../lib/query-retry.ts";

export const configQueryOptions = queryOptions({
  queryKey: CONFIG_QUERY_KEY,
  // Typed by the shared schema the server answers with; not parsed again (see me-query.ts).
  queryFn: () => api<PublicConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
  retry: shouldRetryQuery,
});

/** GET /api/config: edition, mail outbox flag, support address. */
export function usePublicConfig() {
  return useQuery(configQueryOptions);
}
