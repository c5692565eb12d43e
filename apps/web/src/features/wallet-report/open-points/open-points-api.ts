/**
 * The calls of the "Offene Punkte" section (docs/api.md; contract in core tax/declarations-api.ts):
 * what keeps a year from being complete, and the user's declarations. Answers are read with the core
 * schemas; after a change the list is asked again.
 */
import {
  type ArrivalKey,
  type Declaration,
  type TaxUnknownsResponse,
  taxUnknownsResponseSchema,
} from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { TAX_UNKNOWNS_QUERY_KEY, taxUnknownsQueryKey } from "../../../lib/query-keys.ts";

export const openPointsApi = {
  /** GET /api/tax/unknowns?year=YYYY */
  async unknowns(year: number, signal?: AbortSignal): Promise<TaxUnknownsResponse> {
    return taxUnknownsResponseSchema.parse(await api<unknown>(`/api/tax/unknowns?year=${year}`, { signal }));
  },
  /** PUT /api/tax/declarations: one group's answer, one declaration per arrival. */
  async declare(declarations: Declaration[]): Promise<void> {
    await api<unknown>("/api/tax/declarations", { method: "PUT", body: { declarations } });
  },
  /** DELETE /api/tax/declarations: takes the declarations of these arrivals back. */
  async takeBack(arrivals: ArrivalKey[]): Promise<void> {
    await api<unknown>("/api/tax/declarations", { method: "DELETE", body: { arrivals } });
  },
};

/**
 * The year's open points; off while nobody is signed in or the plan does not include reports. Asked
 * again with every shown report (a report run again changes whether the answers are in it).
 */
export function useTaxUnknowns(year: number, enabled: boolean) {
  return useQuery({
    queryKey: taxUnknownsQueryKey(year),
    queryFn: ({ signal }) => openPointsApi.unknowns(year, signal),
    enabled,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Stores or takes back declarations; the list of every year is asked again afterwards. */
export function useDeclarationChange() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: TAX_UNKNOWNS_QUERY_KEY });
  const declare = useMutation({ mutationFn: openPointsApi.declare, onSuccess: refresh });
  const takeBack = useMutation({ mutationFn: openPointsApi.takeBack, onSuccess: refresh });
  return { declare, takeBack };
}
