import { type PortfolioResult, portfolioSummaryOf } from "@pulsemanager/core";
import { Hono } from "hono";
import type { FxService } from "../fx/fx-service.ts";
import { acceptedEncoding } from "../http/compress-json.ts";
import { jsonError } from "../http/errors.ts";
import { serverText } from "../http/messages.ts";
import { requestLanguage } from "../http/request-language.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import { perUserLimit, type UserRateRule } from "../rate-limit/per-user-limit.ts";
import { displayRates } from "./display-rates.ts";
import { type PortfolioCache, RefreshTooSoon } from "./portfolio-cache.ts";
import { PortfolioBodies } from "./response-bodies.ts";

/**
 * Seconds until a manual refresh is allowed, by the server's clock: the body is the same for a whole
 * cached version, this header is fresh on every answer (also on 304), so a browser whose clock is off
 * still counts down right.
 */
const REFRESH_WAIT_HEADER = "X-Refresh-Available-In";

function refreshWaitSeconds(result: PortfolioResult, now: Date): string {
  return String(Math.max(0, Math.ceil((Date.parse(result.refreshAvailableAt) - now.getTime()) / 1000)));
}

/**
 * Every manual refresh is a full load that spends the shared upstream budgets. A refresh that could not
 * read everything does not start the 5-minute limit (the user may retry at once), so the attempts
 * themselves have a budget too: a wallet that always fails to read is no way to load without end.
 */
export const REFRESH_ATTEMPTS: UserRateRule = { name: "portfolio-refresh", max: 6, windowSeconds: 600 };

export function portfolioRoutes(deps: {
  cache: PortfolioCache;
  fx: FxService;
  now: () => Date;
  limiter?: FixedWindowLimiter;
}) {
  const app = new Hono();
  const bodies = new PortfolioBodies();

  app.get("/", async (c) => {
    const userId = userOf(c).id;
    const result = await deps.cache.get(userId);
    // The browser revalidates (no-cache) and gets 304 while the version is the same.
    const etag = PortfolioBodies.etagOf(result);
    c.header("Cache-Control", "private, no-cache");
    c.header("ETag", etag);
    c.header("Vary", "Cookie, Accept-Encoding");
    c.header(REFRESH_WAIT_HEADER, refreshWaitSeconds(result, deps.now()));
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    const body = await bodies.get(userId, result);
    c.header("Content-Type", "application/json; charset=utf-8");
    const encoding = acceptedEncoding(c.req.header("accept-encoding"));
    const encoded = encoding ? body.encoded(encoding) : undefined;
    if (encoding && encoded) {
      c.header("Content-Encoding", encoding);
      return c.body((await encoded) as Uint8Array<ArrayBuffer>);
    }
    return c.body(body.text);
  });

  // What a summary card shows (the dashboard): the same cached version, without the token rows.
  app.get("/summary", async (c) => {
    const result = await deps.cache.get(userOf(c).id);
    c.header("Cache-Control", "private, no-cache");
    return c.json(portfolioSummaryOf(result));
  });

  app.post("/refresh", perUserLimit(deps.limiter, REFRESH_ATTEMPTS), async (c) => {
    try {
      const result = await deps.cache.refresh(userOf(c).id);
      c.header(REFRESH_WAIT_HEADER, refreshWaitSeconds(result, deps.now()));
      return c.json(result);
    } catch (err) {
      if (err instanceof RefreshTooSoon) {
        c.header("Retry-After", String(err.retryAfterSeconds));
        const message = serverText("refreshTooSoon", requestLanguage(c.req.raw), { seconds: err.retryAfterSeconds });
        return jsonError(c, 429, "RATE_LIMITED", message, { retryAfterSeconds: err.retryAfterSeconds });
      }
      throw err;
    }
  });

  // Each day's total with that day's euro rate, so a chart in euros converts every day at its own rate.
  app.get("/history", async (c) => {
    const snapshots = await deps.cache.history(userOf(c).id);
    const rates = await displayRates(
      deps.fx,
      snapshots.map((s) => s.day),
    );
    return c.json({ snapshots: snapshots.map((s) => ({ ...s, fx: rates.get(s.day) ?? null })) });
  });

  return app;
}
