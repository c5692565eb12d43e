import {
  type OpenLotsResponse,
  openLotsResponseSchema,
  type WhatIfRequest,
  type WhatIfResponse,
  whatIfResponseSchema,
} from "@pulsemanager/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { OPEN_LOTS_QUERY_KEY } from "../../lib/query-keys.ts";

/** GET /api/tax/open-lots: today's open lots, their tax-free dates and the year's room. */
export function useOpenLots() {
  return useQuery({
    queryKey: OPEN_LOTS_QUERY_KEY,
    queryFn: async (): Promise<OpenLotsResponse> =>
      openLotsResponseSchema.parse(await api<unknown>("/api/tax/open-lots")),
    staleTime: 60_000,
    retry: false,
  });
}

/** What the what-if form sends: the request with amount and price already read in the user's number format. */
export type WhatIfInput = Omit<WhatIfRequest, "priceEur"> & { priceEur?: string };

/** POST /api/tax/what-if: what a sale would mean. */
export function useWhatIf() {
  return useMutation({
    mutationFn: async (input: WhatIfInput): Promise<WhatIfResponse> =>
      whatIfResponseSchema.parse(await api<unknown>("/api/tax/what-if", { body: input })),
  });
}
