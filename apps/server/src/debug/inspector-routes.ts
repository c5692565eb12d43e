import { inspectorPageQuerySchema, inspectorQuerySchema } from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import { jsonError, tooManyRequests, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import {
  compareTransactionSources,
  diagnoseTransactions,
  type InspectorDeps,
  inspectTransactions,
  WalletNotSaved,
} from "./inspector-service.ts";

/** Live reads (first page, diagnostic, comparison) ask upstream providers: this many per user and window. */
const LIVE_READS_PER_WINDOW = 30;
const LIVE_READS_WINDOW_SECONDS = 600;

export interface InspectorRouteDeps extends InspectorDeps {
  /** Limits the live reads per user; without it they are not limited (tests). */
  limiter?: FixedWindowLimiter;
}

/**
 * The transaction inspector, mounted at /api/debug/transactions (signed in; only the user's own saved
 * wallets, anything else is 404):
 *   GET /?address=&chainId=&token=&cursor=   a page of the synced transfers of the token
 *   GET /diagnostic?address=&chainId=&token= each chain's source asked live, and the synced history
 *   GET /compare?address=&chainId=&token=    the history sources side by side
 */
export function inspectorRoutes(deps: InspectorRouteDeps) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    await next();
  });

  const answer = async <T>(c: Context, run: () => Promise<T>) => {
    try {
      return c.json(await run());
    } catch (err) {
      if (err instanceof WalletNotSaved) return jsonError(c, 404, "NOT_FOUND", "Wallet not found");
      throw err;
    }
  };

  const limited = async (c: Context) => {
    if (!deps.limiter) return undefined;
    const hit = await deps.limiter.hit(`inspector:${userOf(c).id}`, LIVE_READS_WINDOW_SECONDS);
    return hit.count > LIVE_READS_PER_WINDOW ? tooManyRequests(c, hit.retryAfterSeconds) : undefined;
  };

  app.get("/", async (c) => {
    const parsed = inspectorPageQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return validationError(c, parsed.error);
    // The first page syncs the wallet's history from upstream; the next pages read the database.
    if (!parsed.data.cursor) {
      const refused = await limited(c);
      if (refused) return refused;
    }
    return answer(c, () => inspectTransactions(deps, userOf(c).id, parsed.data));
  });

  app.get("/diagnostic", async (c) => {
    const parsed = inspectorQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limited(c);
    if (refused) return refused;
    return answer(c, () => diagnoseTransactions(deps, userOf(c).id, parsed.data));
  });

  app.get("/compare", async (c) => {
    const parsed = inspectorQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return validationError(c, parsed.error);
    const refused = await limited(c);
    if (refused) return refused;
    return answer(c, () => compareTransactionSources(deps, userOf(c).id, parsed.data));
  });

  return app;
}
