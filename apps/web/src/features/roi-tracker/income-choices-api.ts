import { type IncomeChoice, incomeChoicesResponseSchema, type PutIncomeChoiceRequest } from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { INCOME_CHOICES_QUERY_KEY, PORTFOLIO_QUERY_KEY, ROI_QUERY_KEY } from "../../lib/query-keys.ts";

export function useIncomeChoices() {
  return useQuery({
    queryKey: INCOME_CHOICES_QUERY_KEY,
    queryFn: async (): Promise<IncomeChoice[]> =>
      incomeChoicesResponseSchema.parse(await api<unknown>("/api/income-choices")).choices,
  });
}

/** Stores "is this income?" for a sender; the ROI figures and the portfolio are read again. */
export function usePutIncomeChoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PutIncomeChoiceRequest) =>
      incomeChoicesResponseSchema.parse(await api<unknown>("/api/income-choices", { method: "PUT", body })).choices,
    onSuccess: (choices) => {
      client.setQueryData(INCOME_CHOICES_QUERY_KEY, choices);
      void client.invalidateQueries({ queryKey: ROI_QUERY_KEY });
      void client.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
    },
  });
}
