import { type RoiResult, roiResultSchema } from "@pulsemanager/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { ROI_QUERY_KEY } from "../../lib/query-keys.ts";

/** GET /api/roi: the ROI figures of the user's saved wallets (the server keeps them a minute). */
export function useRoi() {
  return useQuery({
    queryKey: ROI_QUERY_KEY,
    queryFn: async (): Promise<RoiResult> => roiResultSchema.parse(await api<unknown>("/api/roi")),
    staleTime: 60_000,
    retry: false,
  });
}
