import { type Investment, type InvestmentInput, investmentListSchema, investmentSchema } from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { INVESTMENTS_QUERY_KEY } from "../../lib/query-keys.ts";

export const investmentsApi = {
  async list(): Promise<Investment[]> {
    return investmentListSchema.parse(await api<unknown>("/api/investments")).investments;
  },
  async add(body: InvestmentInput): Promise<Investment> {
    return investmentSchema.parse(await api<unknown>("/api/investments", { method: "POST", body }));
  },
  async update({ id, body }: { id: string; body: InvestmentInput }): Promise<Investment> {
    return investmentSchema.parse(
      await api<unknown>(`/api/investments/${encodeURIComponent(id)}`, { method: "PUT", body }),
    );
  },
  async remove(id: string): Promise<void> {
    await api<unknown>(`/api/investments/${encodeURIComponent(id)}`, { method: "DELETE" });
  },
};

export function useInvestments() {
  return useQuery({ queryKey: INVESTMENTS_QUERY_KEY, queryFn: investmentsApi.list, retry: false });
}

/** A change to the list; the list is read again afterwards. */
export function useInvestmentChange<T, R>(fn: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: INVESTMENTS_QUERY_KEY }),
  });
}
