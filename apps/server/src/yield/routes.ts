import { PULSECHAIN, type YieldExamplesResponse } from "@pulsemanager/core";
import { Hono } from "hono";
import type { ChainServices } from "../chain/services.ts";
import { jsonError } from "../http/errors.ts";
import type { TradeChain } from "../trade/routers.ts";
import { yieldExamples } from "./pool-examples.ts";

/** The same examples for every user: read from the chain at most this often. */
const CACHE_MS = 5 * 60_000;

export interface YieldRouteDeps {
  /** Each chain's client and the token table. */
  chain: Pick<ChainServices, "clients" | "registry">;
  tradeChains: ReadonlyMap<number, TradeChain>;
  /** LP share of each swap in percent: the devchain's pools keep Uniswap V2's 0.3 %, PulseX's 0.22 %. */
  lpFeePercent: Record<"v1" | "v2", string>;
}

/** GET /api/yield/examples (signed in): PulseX pools with their fee APR of the last 24 hours, as examples. */
export function yieldRoutes(deps: YieldRouteDeps) {
  const app = new Hono();
  let cached: { at: number; answer: Promise<YieldExamplesResponse> } | undefined;

  app.get("/examples", async (c) => {
    c.header("Cache-Control", "private, max-age=60");
    const chain = deps.tradeChains.get(PULSECHAIN);
    const client = deps.chain.clients.get(PULSECHAIN);
    if (!chain || !client) return jsonError(c, 404, "NOT_FOUND", "No PulseX pools are configured");
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const answer = yieldExamples({ client, chain, registry: deps.chain.registry, lpFeePercent: deps.lpFeePercent });
      cached = { at: Date.now(), answer };
      answer.catch(() => {
        if (cached?.answer === answer) cached = undefined;
      });
    }
    return c.json(await cached.answer);
  });

  return app;
}
