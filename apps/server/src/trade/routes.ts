import { tradeQueryErrorCode, tradeQuoteQuerySchema } from "@pulsemanager/core";
import { Hono } from "hono";
import type { ChainServices } from "../chain/services.ts";
import type { Db } from "../db/client.ts";
import { jsonError, tooManyRequests } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import { quoteSwap } from "./quote-service.ts";
import type { TradeChain } from "./routers.ts";
import { TRADE_MESSAGES, TradeError } from "./trade-error.ts";

export interface TradeRouteDeps {
  db: Db;
  chain: Pick<ChainServices, "clients">;
  /** The chains with PulseX routers (trade/routers.ts). */
  tradeChains: ReadonlyMap<number, TradeChain>;
  /** Limits the quotes that ask the chain, per user; without it they are not limited (tests). */
  limiter?: FixedWindowLimiter;
}

/** Each quote is a few RPC reads: this many per user and minute. */
export const QUOTES_PER_MINUTE = 30;

/**
 * GET /api/trade/quote?chainId=&from=&to=&amount= (signed in): a read-only quote of the PulseX
 * routers. Nothing is signed or sent; bad input is a 400 with one of core's TRADE_* codes; more than
 * QUOTES_PER_MINUTE valid quotes a minute are a 429.
 */
export function tradeRoutes(deps: TradeRouteDeps) {
  const app = new Hono();

  app.get("/quote", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const parsed = tradeQuoteQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const code = tradeQueryErrorCode(parsed.error);
      return jsonError(c, 400, code, TRADE_MESSAGES[code] ?? "Please check the form.");
    }
    const chain = deps.tradeChains.get(parsed.data.chainId);
    const client = deps.chain.clients.get(parsed.data.chainId);
    if (!chain || !client) {
      return jsonError(c, 400, "TRADE_UNSUPPORTED_CHAIN", TRADE_MESSAGES.TRADE_UNSUPPORTED_CHAIN as string);
    }
    if (deps.limiter) {
      const hit = await deps.limiter.hit(`trade-quote:${userOf(c).id}`, 60);
      if (hit.count > QUOTES_PER_MINUTE) return tooManyRequests(c, hit.retryAfterSeconds);
    }
    try {
      return c.json(await quoteSwap({ db: deps.db, client, chain }, parsed.data));
    } catch (err) {
      if (err instanceof TradeError) return jsonError(c, 400, err.code, err.message);
      throw err;
    }
  });

  return app;
}
