import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import { jsonError } from "../http/errors.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import { type PortfolioCache, RefreshTooSoon } from "./portfolio-cache.ts";

const gzipAsync = promisify(gzip);

export function portfolioRoutes(deps: { auth: Auth; cache: PortfolioCache }) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));
  // A cached portfolio is serialised and compressed once per version, not per request.
  const bodies = new Map<string, { etag: string; text: string; gzip?: ArrayBuffer }>();

  app.get("/", async (c) => {
    const userId = c.get("user").id;
    const result = await deps.cache.get(userId);
    // The browser revalidates (no-cache) and gets 304 while nothing changed.
    const etag = `W/"${result.lastUpdated}-${result.fromCache ? "c" : "f"}${result.refreshAvailableInSeconds}-${result.stale ? 1 : 0}"`;
    c.header("Cache-Control", "private, no-cache");
    c.header("ETag", etag);
    c.header("Vary", "Cookie");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    let entry = bodies.get(userId);
    if (entry?.etag !== etag) {
      entry = { etag, text: JSON.stringify(result) };
      bodies.set(userId, entry);
    }
    c.header("Content-Type", "application/json; charset=utf-8");
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "") && entry.text.length > 1024) {
      entry.gzip ??= new Uint8Array(await gzipAsync(entry.text)).buffer as ArrayBuffer;
      c.header("Content-Encoding", "gzip");
      return c.body(entry.gzip);
    }
    return c.body(entry.text);
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
