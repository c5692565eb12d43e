import { trackerQuerySchema } from "@pulsemanager/core";
import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import { jsonError, validationError } from "../http/errors.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import { answer } from "./routes.ts";
import type { TrackerService } from "./tracker-service.ts";

/** GET /api/tracker?address=&timeframe=24h|3d|1w (signed in): the token-performance tracker of any address. */
export function trackerRoutes(deps: { auth: Auth; tracker: TrackerService }) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));
  app.get("/", async (c) => {
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
