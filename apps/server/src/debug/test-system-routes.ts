import { Hono } from "hono";
import { jsonError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import { type TestSystemDeps, testSystem } from "./test-system.ts";

/** Runs per user and window: each run asks every upstream once. */
const RUNS_PER_WINDOW = 6;
const WINDOW_SECONDS = 60;

/** POST /api/debug/test-system: the debug monitor's run over the signed-in user's own data. */
export function testSystemRoutes(deps: TestSystemDeps & { limiter: FixedWindowLimiter }) {
  const app = new Hono();
  app.post("/", async (c) => {
    const userId = userOf(c).id;
    const hit = await deps.limiter.hit(`test-system:${userId}`, WINDOW_SECONDS);
    if (hit.count > RUNS_PER_WINDOW)
      return jsonError(c, 429, "TOO_MANY_REQUESTS", "Too many system tests", {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
    c.header("Cache-Control", "no-store");
    return c.json(await testSystem(deps, userId));
  });
  return app;
}
