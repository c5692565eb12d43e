import type { PortfolioResult } from "@pulsemanager/core";
import { Hono } from "hono";
import { userOf } from "../http/session-user.ts";
import { type BridgeTokenDeps, bridgeTokens } from "./bridge-tokens.ts";

/**
 * GET /api/bridge/tokens (signed in): the user's bridged tokens and fork copies, from the same
 * (cached) portfolio as /api/portfolio plus the fork copies' balances, which the portfolio leaves out.
 */
export function bridgeRoutes(deps: {
  chain: BridgeTokenDeps;
  portfolio: (userId: string) => Promise<PortfolioResult>;
}) {
  const app = new Hono();
  app.get("/tokens", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const portfolio = await deps.portfolio(userOf(c).id);
    return c.json(await bridgeTokens(deps.chain, portfolio));
  });
  return app;
}
