import type { QueryClient } from "@tanstack/react-query";
import { CONFIG_QUERY_KEY, ME_QUERY_KEY } from "../../lib/boot-query-keys.ts";

let endedByUser = false;

/**
 * After sign-out or account deletion: forget every user query, mark the session
 * as gone (me = null) and remember that the user left on purpose, so the
 * protected routes send to the plain login page instead of keeping the origin.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  endedByUser = true;
  await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] && query.queryKey[0] !== CONFIG_QUERY_KEY[0],
  });
  queryClient.setQueryData(ME_QUERY_KEY, null);
}

/** True between a deliberate sign-out and the next authenticated session. */
export function sessionEndedByUser(): boolean {
  return endedByUser;
}

export function resetSessionEndedByUser(): void {
  endedByUser = false;
}
