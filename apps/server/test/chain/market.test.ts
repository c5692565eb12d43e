/**
 * The market read from the devchain alone (its pools and swaps, with the demo's last 30 days of
 * trading): top pairs with 24 h volume, token search, a token's page with supply, burns and history,
 * movers over 24 h / 3 d / 1 w that follow the devchain's price path, the watchlist, and the tracker
 * of a seeded wallet with its burn statistics.
 */
import {
  marketPairsResponseSchema,
  moversResponseSchema,
  tokenDetailResponseSchema,
  tokenSearchResponseSchema,
  trackerResponseSchema,
  watchlistResponseSchema,
} from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, type PulseChainInfo, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { HttpClient } from "../support/http-client.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let t: TestServer;
let me: HttpClient;
let c: PulseChainInfo;

beforeAll(async () => {
  devchain = await startDevchain({ chains: [369, 1], bulkTokens: 3, recentPayouts: true });
  t = await startDevchainApp(devchain);
  me = await confirmedUser(t, "market@example.de", "MarketPass1");
  c = devchain.chain(369);
}, 300_000);

afterAll(async () => {
  await t?.close();
  await devchain?.stop();
});

const lower = (a: string) => a.toLowerCase();

describe("the market from the devchain's pools", () => {
  it("lists PulseChain pairs by 24 h volume, at least five of them traded in the last day", async () => {
    const res = await me.get("/api/market/pairs?chainId=369&limit=20");
    expect(res.status).toBe(200);
    const body = marketPairsResponseSchema.parse(res.json);
    expect(body.source).toBe("chain");
    expect(body.stale).toBe(false);
    const traded = body.pairs.filter((p) => p.volume24hUsd !== null && Number(p.volume24hUsd) > 0);
    expect(traded.length).toBeGreaterThanOrEqual(5);
    expect(body.pairs.map((p) => p.pairAddress)).toContain(lower(c.contracts.pairs.wplsHexV2 as string));
    // Sorted by 24 h volume; liquidity is twice the quote side (WPLS at 0.00003 USD, stablecoins at 1).
    const volumes = body.pairs.map((p) => Number(p.volume24hUsd ?? -1));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const dai = body.pairs.find((p) => p.pairAddress === lower(c.contracts.pairs.wplsDaiV2 as string));
    expect(Number(dai?.liquidityUsd)).toBeCloseTo(600_000, -4);
    expect(dai?.change24h).toBe("0.00");
    // No pool of a spam token or a look-alike is listed.
    const bases = body.pairs.map((p) => p.base.address);
    expect(bases).not.toContain(lower(c.contracts.spam));
    expect(bases).not.toContain(lower(c.contracts.fakeHex));
  });

  it("finds HEX by symbol, name and address, the real one first and no look-alike", async () => {
    const res = await me.get("/api/market/tokens?q=hex");
    const body = tokenSearchResponseSchema.parse(res.json);
    expect(body.tokens[0]).toMatchObject({ chainId: 369, address: lower(c.contracts.hex), symbol: "HEX", known: true });
    expect(body.tokens.map((t) => t.address)).not.toContain(lower(c.contracts.fakeHex));
    const byAddress = tokenSearchResponseSchema.parse(
      (await me.get(`/api/market/tokens?q=${c.contracts.hex}&chainId=369`)).json,
    );
    expect(byAddress.tokens.map((t) => t.symbol)).toEqual(["HEX"]);
    const byName = tokenSearchResponseSchema.parse((await me.get("/api/market/tokens?q=incent&chainId=369")).json);
    expect(byName.tokens.map((t) => t.symbol)).toEqual(["INC"]);
  });

  it("shows a token's page with supply, burned supply, pools and a week of history", async () => {
    const res = await me.get(`/api/market/tokens/369/${c.contracts.hex}?range=7d`);
    expect(res.status).toBe(200);
    const body = tokenDetailResponseSchema.parse(res.json);
    const supply = body.supply;
    expect(supply?.sinks.map((x) => x.sink)).toEqual(["0x000000000000000000000000000000000000dead"]);
    expect(Number(supply?.burned)).toBeGreaterThan(0);
    // Market cap = price × (supply − burned), to the cent.
    const cap = (Number(body.token.priceUsd) * Number(supply?.circulating)).toFixed(2);
    expect(Math.abs(Number(body.token.marketCapUsd) - Number(cap))).toBeLessThan(1);
    expect(body.pools.map((p) => p.pairAddress)).toContain(lower(c.contracts.pairs.wplsHexV2 as string));
    // Every 6 hours over 7 days; a week ago HEX was at 80 % of its price now (the devchain's path).
    expect(body.history.length).toBe(29);
    const first = Number(body.history[0]?.priceUsd);
    const last = Number(body.history.at(-1)?.priceUsd);
    expect(first / last).toBeGreaterThan(0.75);
    expect(first / last).toBeLessThan(0.85);
    const unknown = await me.get("/api/market/tokens/369/0x00000000000000000000000000000000deadbeef");
    expect(unknown.status).toBe(404);
    expect((await me.get("/api/market/tokens/369/not-an-address")).status).toBe(400);
  });

  it("names gainers and losers over a week from the devchain's price path", async () => {
    const res = await me.get("/api/market/movers?chainId=369&timeframe=1w");
    const body = moversResponseSchema.parse(res.json);
    // A week ago HEX stood at 80 % and PLSX at 125 % of today's price.
    expect(body.gainers[0]).toMatchObject({ symbol: "HEX" });
    expect(Number(body.gainers[0]?.change)).toBeCloseTo(25, 0);
    expect(body.losers[0]).toMatchObject({ symbol: "PLSX" });
    expect(Number(body.losers[0]?.change)).toBeCloseTo(-20, 0);
    const day = moversResponseSchema.parse((await me.get("/api/market/movers?chainId=369&timeframe=24h")).json);
    expect(Number(day.gainers.find((g) => g.symbol === "HEX")?.change)).toBeCloseTo(4.17, 0);
    expect(Number(day.losers.find((g) => g.symbol === "PLSX")?.change)).toBeCloseTo(-4.76, 0);
  });

  it("names the movers among the user's own tokens on both chains", async () => {
    const wallet = c.wallets.users[0] as string;
    // Asked before the first wallet (the dashboard of a new user): nothing held, nothing moved.
    const before = moversResponseSchema.parse((await me.get("/api/market/movers?scope=holdings&timeframe=1w")).json);
    expect([...before.gainers, ...before.losers]).toEqual([]);
    // That empty answer must not stand for the user's movers once a wallet is added.
    expect((await me.post("/api/wallet-management", { address: wallet, nickname: "A" })).status).toBe(200);
    const res = await me.get("/api/market/movers?scope=holdings&timeframe=1w");
    const body = moversResponseSchema.parse(res.json);
    expect(body.gainers.map((g) => [g.chainId, g.symbol])).toContainEqual([369, "HEX"]);
    expect(body.losers.map((g) => [g.chainId, g.symbol])).toContainEqual([369, "PLSX"]);
    // Only what the user holds: INC rose on the market, and A holds none.
    expect(body.gainers.map((g) => g.symbol)).not.toContain("INC");
  });

  it("tracks a seeded wallet: its tokens, burns and value change", async () => {
    const wallet = c.wallets.users[0] as string;
    const res = await me.get(`/api/tracker?address=${wallet}&timeframe=1w`);
    expect(res.status).toBe(200);
    const body = trackerResponseSchema.parse(res.json);
    expect(body.counts["369"]).toBeGreaterThan(3);
    const symbols = body.tokens.map((x) => x.symbol);
    expect(symbols).toContain("HEX");
    // The portfolio's rule: the spam token and the look-alike HEX are not the wallet's tokens here either.
    expect(body.tokens.map((x) => x.address)).not.toContain(lower(c.contracts.spam));
    expect(body.tokens.map((x) => x.address)).not.toContain(lower(c.contracts.fakeHex));
    // Most valuable first; HEX gained, PLSX lost over the week.
    const values = body.tokens.map((x) => Number(x.valueUsd ?? -1));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(body.gainers.map((g) => g.symbol)).toContain("HEX");
    expect(body.losers.map((g) => g.symbol)).toContain("PLSX");
    const hex = body.tokens.find((x) => x.kind === "token" && x.symbol === "HEX" && x.chainId === 369);
    const expected = Number(hex?.balance) * (Number(hex?.priceUsd) - Number(hex?.priceThenUsd));
    expect(Math.abs(Number(hex?.valueChangeUsd) - expected)).toBeLessThan(0.05);
    // Burns: HEX at 0x…dEaD, PLSX at PulseChain's 0x…0369.
    const burns = Object.fromEntries(body.burns.map((b) => [b.symbol, b.supply.sinks.map((s) => s.sink)]));
    expect(burns.HEX).toEqual(["0x000000000000000000000000000000000000dead"]);
    expect(burns.PLSX).toEqual(["0x0000000000000000000000000000000000000369"]);
    expect((await me.get("/api/tracker?address=&timeframe=24h")).json.error.code).toBe("ADDRESS_REQUIRED");
    expect((await me.get("/api/tracker?address=0x123&timeframe=24h")).json.error.code).toBe("INVALID_ADDRESS");
  });

  it("keeps a token on the watchlist", async () => {
    const add = await me.post("/api/watchlist", { chainId: 369, address: c.contracts.hex });
    expect(add.status).toBe(201);
    const list = watchlistResponseSchema.parse((await me.get("/api/watchlist")).json);
    expect(list.tokens.map((t) => t.address)).toEqual([lower(c.contracts.hex)]);
    expect(list.tokens[0]?.priceUsd).not.toBeNull();
    expect((await me.get("/api/account/export")).json.watchlist).toMatchObject([
      { chainId: 369, address: lower(c.contracts.hex) },
    ]);
    // Another user's list is his own.
    const other = await confirmedUser(t, "market.other@example.de", "MarketPass1");
    expect(watchlistResponseSchema.parse((await other.get("/api/watchlist")).json).tokens).toEqual([]);
    // Adding it again keeps one entry; removing it empties the list.
    await me.post("/api/watchlist", { chainId: 369, address: c.contracts.hex.toUpperCase().replace("0X", "0x") });
    expect(watchlistResponseSchema.parse((await me.get("/api/watchlist")).json).tokens).toHaveLength(1);
    const bad = await me.post("/api/watchlist", { chainId: 369, address: "HEX" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("INVALID_ADDRESS");
    const removed = await me.request("DELETE", "/api/watchlist", { chainId: 369, address: c.contracts.hex });
    expect(removed.status).toBe(200);
    expect(watchlistResponseSchema.parse(removed.json).tokens).toEqual([]);
  });
});
