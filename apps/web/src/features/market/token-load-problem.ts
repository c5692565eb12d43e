import { ApiError } from "../../lib/api.ts";
import { type ErrorMessage, errorMessageFor } from "../../lib/error-message.ts";

/**
 * What the token page says when its data did not come: "Token nicht gefunden" only when the server
 * says there is no such token (404); anything else, such as the chain being unreachable (503
 * CHAIN_UNAVAILABLE), is said as it is, so a real token is never called unknown.
 */
export function tokenLoadProblem(error: unknown): { notFound: true } | { message: ErrorMessage } {
  if (error instanceof ApiError && error.status === 404) return { notFound: true };
  return { message: errorMessageFor(error) };
}
