import { trackerQuerySchema } from "@pulsemanager/core";
import { Hono } from "hono";
import { jsonError, validationError } from "../http/errors.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import { perUserLimit, type UserRateRule } from "../rate-limit/per-user-limit.ts";
import { answer } from "./routes.ts";
import type { TrackerService } from "./tracker-service.ts";

/** A lookup reads the address's balances and history from upstream (some ten calls): this many per user. */
export const TRACKER_LOOKUPS: UserRateRule = { name: "tracker", max: 10, windowSeconds: 60 };

/**
 * GET /api/tracker?address=&timeframe=24h|3d|1w (signed in): the token-performance tracker of any address;
 * beyond TRACKER_LOOKUPS a 429.
 */
export function trackerRoutes(deps: { tracker: TrackerService; limiter?: FixedWindowLimiter }) {
  const app = new Hono();
  app.get("/", perUserLimit(deps.limiter, TRACKER_LOOKUPS), async (c) => {
    const q = trackerQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error);
    if (!q.data.address)
      return jsonError(c, 400, "ADDRESS_REQUIRED", "Please enter a wallet address or connect your wallet");
    if (!/^0x[0-9a-fA-F]{40}$/.test(q.data.address))
      return jsonError(c, 400, "INVALID_ADDRESS", "Please enter a valid wallet address (0x...)");
    c.header("Cache-Control", "private, max-age=30");
    return answer(c, () => deps.tracker.track(q.data.address, q.data.timeframe));
  });
  return app;
}
