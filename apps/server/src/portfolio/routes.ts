import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import { jsonError } from "../http/errors.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import { type PortfolioCache, RefreshTooSoon } from "./portfolio-cache.ts";
import { PortfolioBodies } from "./response-bodies.ts";

export function portfolioRoutes(deps: { auth: Auth; cache: PortfolioCache }) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));
  const bodies = new PortfolioBodies();

  app.get("/", async (c) => {
    const userId = c.get("user").id;
    const result = await deps.cache.get(userId);
    // The browser revalidates (no-cache) and gets 304 while the version is the same.
    const etag = PortfolioBodies.etagOf(result);
    c.header("Cache-Control", "private, no-cache");
    c.header("ETag", etag);
    c.header("Vary", "Cookie, Accept-Encoding");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    const body = await bodies.get(userId, result);
    c.header("Content-Type", "application/json; charset=utf-8");
    if (body.gzip && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
      c.header("Content-Encoding", "gzip");
      return c.body(body.gzip as Uint8Array<ArrayBuffer>);
    }
    return c.body(body.text);
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
