import type { BridgeTokensResponse } from "@pulsemanager/core";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { BRIDGE_TOKENS_QUERY_KEY } from "../../lib/query-keys.ts";

/** GET /api/bridge/tokens: the user's bridged tokens and fork copies (from the cached portfolio). */
export const bridgeTokensQueryOptions = queryOptions({
  queryKey: BRIDGE_TOKENS_QUERY_KEY,
  queryFn: () => api<BridgeTokensResponse>("/api/bridge/tokens"),
  staleTime: 60_000,
  refetchOnWindowFocus: false,
});
