import { ApiError } from "./api.ts";

export const MAX_QUERY_RETRIES = 2;

/** Retry network failures and server errors a little; never client errors such as 401 or 404. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}
