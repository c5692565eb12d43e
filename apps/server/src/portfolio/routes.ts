import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import { jsonError } from "../http/errors.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import { type PortfolioCache, RefreshTooSoon } from "./portfolio-cache.ts";

export function portfolioRoutes(deps: { auth: Auth; cache: PortfolioCache }) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));

  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await deps.cache.get(c.get("user").id));
  });

  app.post("/refresh", async (c) => {
    try {
      return c.json(await deps.cache.refresh(c.get("user").id));
    } catch (err) {
      if (err instanceof RefreshTooSoon) {
        c.header("Retry-After", String(err.retryAfterSeconds));
        return jsonError(c, 429, "RATE_LIMITED", err.message, { retryAfterSeconds: err.retryAfterSeconds });
      }
      throw err;
    }
  });

  app.get("/history", async (c) => c.json({ snapshots: await deps.cache.history(c.get("user").id) }));

  return app;
}
