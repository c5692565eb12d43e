import { type MarketToken, WATCHLIST_LIMIT, type WatchlistResponse, watchlistEntrySchema } from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import type { Db } from "../db/client.ts";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { MarketService } from "../market/market-service.ts";
import { addToWatchlist, readWatchlist, removeFromWatchlist } from "./watchlist-store.ts";

/**
 * GET/POST/DELETE /api/watchlist (signed in, the user's own list only): POST and DELETE take
 * `{chainId, address}` and answer the new list with each token's market row.
 */
export function watchlistRoutes(deps: { db: Db; market: MarketService; now: () => Date }) {
  const app = new Hono();

  const list = async (c: Context, status: 200 | 201 = 200) => {
    c.header("Cache-Control", "no-store");
    const watched = await readWatchlist(deps.db, userOf(c).id);
    const { tokens, asOf } = await deps.market.rows(watched).catch(() => ({ tokens: [], asOf: null }));
    const body: WatchlistResponse = {
      // A token the market cannot price just now stays on the list, with its figures unknown.
      tokens: watched.map((w) => ({
        ...(tokens.find((t) => t.chainId === w.chainId && t.address === w.address) ?? unpricedRow(w)),
        addedAt: w.addedAt.toISOString(),
      })),
      asOf: asOf?.toISOString() ?? null,
    };
    return c.json(body, status);
  };
  const entry = async (c: Context) => watchlistEntrySchema.safeParse(normalise(await readJson(c)));

  app.get("/", (c) => list(c));

  app.post("/", async (c) => {
    const parsed = await entry(c);
    if (!parsed.success) return addressError(c, parsed.error);
    const userId = userOf(c).id;
    if (!(await addToWatchlist(deps.db, userId, parsed.data, deps.now(), WATCHLIST_LIMIT)))
      return jsonError(c, 409, "WATCHLIST_FULL", `Your watchlist is full (at most ${WATCHLIST_LIMIT} tokens).`);
    return list(c, 201);
  });

  app.delete("/", async (c) => {
    const parsed = await entry(c);
    if (!parsed.success) return addressError(c, parsed.error);
    await removeFromWatchlist(deps.db, userOf(c).id, parsed.data);
    return list(c);
  });

  return app;
}

function normalise(body: unknown): unknown {
  if (body && typeof body === "object" && "address" in body && typeof body.address === "string")
    return { ...body, address: body.address.trim().toLowerCase() };
  return body;
}

function addressError(c: Context, error: Parameters<typeof validationError>[1]) {
  if (error.issues.some((i) => i.path[0] === "address"))
    return jsonError(c, 400, "INVALID_ADDRESS", "Please enter a valid token address (0x...)");
  return validationError(c, error);
}

function unpricedRow(w: { chainId: number; address: string }): MarketToken {
  return {
    chainId: w.chainId,
    address: w.address,
    symbol: "?",
    name: w.address,
    priceUsd: null,
    change24h: null,
    volume24hUsd: null,
    liquidityUsd: null,
    marketCapUsd: null,
    known: false,
  };
}
