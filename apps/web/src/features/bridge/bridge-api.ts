import type { BridgeTokensResponse } from "@pulsemanager/core";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

/** GET /api/bridge/tokens: the user's bridged tokens and fork copies (from the cached portfolio). */
export const bridgeTokensQueryOptions = queryOptions({
  queryKey: ["bridge", "tokens"],
  queryFn: () => api<BridgeTokensResponse>("/api/bridge/tokens"),
  staleTime: 60_000,
  refetchOnWindowFocus: false,
});
