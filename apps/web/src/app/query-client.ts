import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isPremiumRequired, notifyPremiumRequired } from "../features/subscription/premium-required.ts";
import { ApiError } from "../lib/api.ts";
import { ME_QUERY_KEY } from "../lib/boot-query-keys.ts";
import { shouldRetryQuery } from "../lib/query-retry.ts";

/** A call answered "not signed in" (session expired elsewhere): the session is gone. */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === "UNAUTHENTICATED";
}

export function createQueryClient(): QueryClient {
  // When any call finds the session gone, me becomes null and the route guard sends the
  // user to the login page, keeping the page they were on.
  const onError = (error: unknown) => {
    if (isSessionLost(error)) client.setQueryData(ME_QUERY_KEY, null);
    // A Premium feature refused on the Basic plan: re-read the status and ask to subscribe.
    if (isPremiumRequired(error)) {
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
      notifyPremiumRequired();
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}
