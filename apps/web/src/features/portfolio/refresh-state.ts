import { PORTFOLIO_CACHE_SECONDS } from "@pulsemanager/core";
import { ApiError } from "../../lib/api.ts";

/** The four states of the refresh button. */
export type RefreshButtonState =
  | { kind: "loading" }
  | { kind: "rateLimited"; seconds: number }
  | { kind: "stale" }
  | { kind: "default" };

export interface RefreshInput {
  loading: boolean;
  stale: boolean;
  /** Epoch ms from which a refresh is allowed again, or null. */
  availableAt: number | null;
  now: number;
}

export function refreshButtonState({ loading, stale, availableAt, now }: RefreshInput): RefreshButtonState {
  if (loading) return { kind: "loading" };
  const seconds = availableAt === null ? 0 : Math.ceil((availableAt - now) / 1_000);
  if (seconds > 0) return { kind: "rateLimited", seconds };
  return stale ? { kind: "stale" } : { kind: "default" };
}

/** When the result allows the next refresh (null: now). The server still refuses too early a refresh with 429. */
export function availableAtOfResult(result: { refreshAvailableAt: string }, now: number): number | null {
  const at = Date.parse(result.refreshAvailableAt);
  return Number.isFinite(at) && at > now ? at : null;
}

/** The seconds to wait after a 429 RATE_LIMITED (or TOO_MANY_REQUESTS), else null. */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = error.body?.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds) : 1;
}

/** The later of two "available again" times. */
export function laterOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Data is stale after 10 minutes (the server says so, or the page was left open). */
export function isStale(result: { stale: boolean; lastUpdated: string }, now: number): boolean {
  if (result.stale) return true;
  const at = Date.parse(result.lastUpdated);
  return Number.isFinite(at) && now - at >= PORTFOLIO_CACHE_SECONDS * 1_000;
}

/**
 * Whether a refresh may be asked for now (every refresh button and 'Erneut versuchen' use it), and
 * else the seconds until it may: a button is never disabled without saying when it works again.
 */
export function refreshAvailability(state: RefreshButtonState): { enabled: boolean; waitSeconds: number | null } {
  if (state.kind === "rateLimited") return { enabled: false, waitSeconds: state.seconds };
  return { enabled: state.kind !== "loading", waitSeconds: null };
}
