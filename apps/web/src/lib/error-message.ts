import { API_ERROR_CODES, type ApiErrorCode } from "@pulsemanager/core";
import { ApiError, NetworkError } from "./api.ts";

/**
 * A message to show for an error: an i18n key (namespace "common") with
 * values, or the server's own text when the code is unknown to us.
 */
export type ErrorMessage = { key: string; values?: Record<string, string | number> } | { raw: string };

export const UNKNOWN_ERROR_KEY = "apiErrors.unknown";
export const NETWORK_ERROR_KEY = "apiErrors.network";
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return (API_ERROR_CODES as readonly string[]).includes(code);
}

/** The i18n key for an API error code ("apiErrors.<CODE>"), or null for codes we do not know. */
export function apiErrorKey(code: string): string | null {
  return isApiErrorCode(code) ? `apiErrors.${code}` : null;
}

/** Maps anything thrown by `api()` to a message. */
export function errorMessageFor(error: unknown): ErrorMessage {
  if (error instanceof NetworkError) return { key: NETWORK_ERROR_KEY };
  if (error instanceof ApiError) {
    if (error.code === "TOO_MANY_REQUESTS") {
      const seconds = error.body?.retryAfterSeconds;
      if (typeof seconds === "number" && seconds > 0) {
        return { key: "apiErrors.TOO_MANY_REQUESTS_wait", values: { count: Math.ceil(seconds) } };
      }
    }
    if (error.code === "INVALID_ORIGIN") {
      // Names the address the app is meant to be opened at (the page may be open under another name).
      return { key: "apiErrors.INVALID_ORIGIN", values: { appUrl: error.body?.appUrl ?? window.location.origin } };
    }
    const key = apiErrorKey(error.code);
    if (key) return { key };
    // A proxy in front of the API answers 502-504 when the API itself is not reachable.
    if (GATEWAY_STATUSES.has(error.status)) return { key: NETWORK_ERROR_KEY };
    if (error.status >= 500) return { key: "apiErrors.INTERNAL_ERROR" };
    if (error.code !== "NON_JSON" && error.message.trim() !== "") return { raw: error.message };
  }
  return { key: UNKNOWN_ERROR_KEY };
}

/** The API error code of an error, when it is one. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
