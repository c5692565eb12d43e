import type { Context, MiddlewareHandler } from "hono";
import { tooManyRequests } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "./fixed-window.ts";

/** A per-user budget of one kind of request: at most `max` in each window of `windowSeconds`. */
export interface UserRateRule {
  /** The counter's name; rules with the same name share one budget. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Behind the session guard: counts the signed-in user's request against `rule` (only those `counts` picks) and
 * answers 429 TOO_MANY_REQUESTS with the seconds to wait beyond its max. For reads that cost upstream
 * calls; without a limiter (route tests) nothing is limited.
 */
export function perUserLimit(
  limiter: FixedWindowLimiter | undefined,
  rule: UserRateRule,
  counts: (c: Context) => boolean = () => true,
): MiddlewareHandler {
  return async (c, next) => {
    if (limiter && counts(c)) {
      const hit = await limiter.hit(`${rule.name}:${userOf(c).id}`, rule.windowSeconds);
      if (hit.count > rule.max) return tooManyRequests(c, hit.retryAfterSeconds);
    }
    await next();
  };
}
