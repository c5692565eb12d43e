import { type MeResponse, TRIAL_RECHECK_MS } from "@pulsemanager/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api.ts";
import { ME_QUERY_KEY } from "../../lib/boot-query-keys.ts";
import { shouldRetryQuery } from "../../lib/query-retry.ts";
import { ACTIVATION_POLL_MS, awaitingActivation } from "./activation.ts";

/** What the app knows about the session (from GET /api/me). */
export type AuthState = "loading" | "authenticated" | "unauthenticated" | "error";

/**
 * GET /api/me; a 401 means "not signed in" and becomes null (never retried). The answer is typed
 * by the shared schema the server builds it with; it is not parsed again here, so the first page
 * does not load the validation library.
 */
export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await api<MeResponse>("/api/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * While in trial the status is rechecked every 60 s; right after a payment,
 * every 2 s until the webhook has made the subscription active.
 */
export function meRefetchInterval(me: MeResponse | null | undefined, now = Date.now()): number | false {
  if (me && me.subscription.status !== "active" && awaitingActivation(now)) return ACTIVATION_POLL_MS;
  return me?.subscription.status === "trial" ? TRIAL_RECHECK_MS : false;
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: fetchMe,
  retry: shouldRetryQuery,
  staleTime: 30_000,
  refetchInterval: (query) => meRefetchInterval(query.state.data),
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** The session state the route guards decide on. */
export function authStateOf(query: {
  isPending: boolean;
  isError: boolean;
  data: MeResponse | null | undefined;
}): AuthState {
  if (query.data) return "authenticated";
  if (query.data === null) return "unauthenticated";
  if (query.isError) return "error";
  return "loading";
}
