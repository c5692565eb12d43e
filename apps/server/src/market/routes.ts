import {
  chainIdTextSchema,
  marketPairsQuerySchema,
  moversQuerySchema,
  tokenDetailQuerySchema,
  tokenSearchQuerySchema,
} from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import { isChainUnreachable } from "../chain/rpc/chain-unreachable.ts";
import { chainUnavailable, jsonError, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import { perUserLimit, type UserRateRule } from "../rate-limit/per-user-limit.ts";
import { MarketUnavailableError } from "./market-cache.ts";
import { type Holdings, type MarketService, UnknownTokenError } from "./market-service.ts";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A token page may read the token and its chart from upstream: this many pages per user. */
export const TOKEN_PAGES: UserRateRule = { name: "market-token", max: 30, windowSeconds: 60 };

/**
 * The shared market (signed in): GET /pairs, /tokens?q=, /tokens/:chainId/:address, /movers. Answers
 * carry `asOf`, `source`, `stale` and `ageSeconds`; with no data at all and the source down: 503.
 */
export function marketRoutes(deps: {
  market: MarketService;
  /** The user's tokens (chain and contract), for the movers among his holdings. */
  holdings: (userId: string) => Promise<Holdings>;
  limiter?: FixedWindowLimiter;
}) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    // An answer that says "not available yet" is asked again within seconds: no cache may keep it.
    if (c.res.ok && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, max-age=30");
  });

  app.get("/pairs", async (c) => {
    const q = marketPairsQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error);
    return answer(c, () => deps.market.pairs(q.data.chainId, q.data.limit));
  });

  app.get("/tokens", async (c) => {
    const q = tokenSearchQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error);
    return answer(c, () => deps.market.search(q.data.q, q.data.chainId));
  });

  app.get("/tokens/:chainId/:address", perUserLimit(deps.limiter, TOKEN_PAGES), async (c) => {
    const chainId = chainIdTextSchema().safeParse(c.req.param("chainId"));
    const address = c.req.param("address");
    if (!chainId.success || !ADDRESS.test(address))
      return jsonError(c, 400, "INVALID_ADDRESS", "Please enter a valid token address (0x...)");
    const q = tokenDetailQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error);
    return answer(c, () => deps.market.token(chainId.data, address, q.data.range));
  });

  app.get("/movers", async (c) => {
    const q = moversQuerySchema.safeParse(c.req.query());
    if (!q.success) return validationError(c, q.error);
    if (q.data.scope === "holdings") {
      const userId = userOf(c).id;
      return answer(c, async () => deps.market.heldMovers(userId, await deps.holdings(userId), q.data.timeframe));
    }
    return answer(c, () => deps.market.movers(q.data.chainId, q.data.timeframe));
  });

  return app;
}

/**
 * The market's answer, or its known failures in the error envelope. An unavailable answer is not a fact
 * and is never kept by the browser (the page asks again after its `retryAfterSeconds`).
 */
export async function answer(c: Context, read: () => Promise<object>) {
  try {
    const body = await read();
    if ((body as { unavailable?: boolean }).unavailable) c.header("Cache-Control", "no-store");
    return c.json(body);
  } catch (err) {
    if (err instanceof UnknownTokenError)
      return jsonError(c, 404, "NOT_FOUND", "This token was not found on this chain.");
    if (err instanceof MarketUnavailableError) {
      if (isChainUnreachable(err.cause)) return chainUnavailable(c);
      return jsonError(c, 503, "MARKET_UNAVAILABLE", "Market data cannot be reached right now. Try again in a minute.");
    }
    throw err;
  }
}
