import {
  type PutTokenChoiceRequest,
  type TokenChoice,
  tokenChoiceKey,
  tokenChoicesResponseSchema,
} from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { PORTFOLIO_QUERY_KEY, TOKEN_CHOICES_QUERY_KEY } from "../../lib/query-keys.ts";

export const tokenChoicesApi = {
  /** GET /api/token-choices: the tokens the user included back. */
  async list(): Promise<TokenChoice[]> {
    return tokenChoicesResponseSchema.parse(await api<unknown>("/api/token-choices")).choices;
  },
  /** PUT /api/token-choices (include null: the rule decides again). */
  async put(body: PutTokenChoiceRequest): Promise<TokenChoice[]> {
    return tokenChoicesResponseSchema.parse(await api<unknown>("/api/token-choices", { method: "PUT", body })).choices;
  },
};

export function useTokenChoices() {
  const query = useQuery({ queryKey: TOKEN_CHOICES_QUERY_KEY, queryFn: tokenChoicesApi.list, staleTime: 60_000 });
  const included = new Set(
    (query.data ?? []).filter((c) => c.include).map((c) => tokenChoiceKey(c.chainId, c.address)),
  );
  return { ...query, included };
}

/** Stores a choice; the portfolio is loaded again (the server computes it with the choice). */
export function usePutTokenChoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: tokenChoicesApi.put,
    onSuccess: (choices) => {
      client.setQueryData(TOKEN_CHOICES_QUERY_KEY, choices);
      void client.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
    },
  });
}
