import { ETHEREUM, PULSECHAIN, type TrackerResponse } from "@pulsemanager/core";
import { ApiError } from "../../lib/api.ts";
import { type ErrorMessage, errorMessageFor } from "../../lib/error-message.ts";

/** A toast of the tracker: keys in the "tracker" namespace; a description may be a common error message. */
export interface TrackerToast {
  variant: "success" | "error" | "info";
  title: string;
  /** A tracker text, an error message as it is, or one after "API-Fehler: ". */
  description:
    | { key: string; values?: Record<string, string | number> }
    | { error: ErrorMessage }
    | { apiError: ErrorMessage };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The address to track, or the toast that says why there is none (checked before the server is asked). */
export function checkTrackerAddress(input: string): { address: string } | { toast: TrackerToast } {
  const address = input.trim();
  if (address === "") return { toast: emptyAddressToast() };
  if (!ADDRESS.test(address)) {
    return {
      toast: { variant: "error", title: "toast.error", description: { error: { key: "apiErrors.INVALID_ADDRESS" } } },
    };
  }
  return { address: address.toLowerCase() };
}

function emptyAddressToast(): TrackerToast {
  return { variant: "error", title: "toast.error", description: { key: "toast.addressRequired" } };
}

/** "N Token gefunden: Ethereum (x), PulseChain (y)", or "Keine Token gefunden" for a wallet without tokens. */
export function trackerResultToast(result: Pick<TrackerResponse, "tokens" | "counts">): TrackerToast {
  if (result.tokens.length === 0) {
    return { variant: "info", title: "toast.noTokens", description: { key: "toast.noTokensText" } };
  }
  return {
    variant: "success",
    title: "toast.success",
    description: {
      key: "toast.successText",
      values: {
        count: result.tokens.length,
        ethereum: result.counts[String(ETHEREUM)] ?? 0,
        pulsechain: result.counts[String(PULSECHAIN)] ?? 0,
      },
    },
  };
}

/** "Fehler beim Laden" / "API-Fehler: …"; an address the server refuses is named as such. */
export function trackerErrorToast(error: unknown): TrackerToast {
  if (error instanceof ApiError && error.code === "ADDRESS_REQUIRED") return emptyAddressToast();
  if (error instanceof ApiError && error.code === "INVALID_ADDRESS") {
    return { variant: "error", title: "toast.error", description: { error: errorMessageFor(error) } };
  }
  return { variant: "error", title: "toast.loadFailed", description: { apiError: errorMessageFor(error) } };
}

/** The wallet's tokens the page lists (10), and how many more there are ("und N weitere"). */
export function shownTokens<T>(tokens: readonly T[], shown: number): { shown: T[]; more: number } {
  return { shown: tokens.slice(0, shown), more: Math.max(0, tokens.length - shown) };
}
