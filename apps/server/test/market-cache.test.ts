/**
 * Market data is shared: however many users (and processes) ask, a resource is fetched from its
 * provider at most once a minute; after that the stale data is served at once, marked with its time,
 * while one refresh runs; a failed refresh keeps the old data, never zeros; with no data at all a
 * list answers empty and marked unavailable. Also through the API, with GeckoTerminal's real answers from a fake.
 */
import { marketPairsResponseSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { MARKET_RETRY_MS, MarketCache, MarketUnavailableError } from "../src/market/market-cache.ts";
import { example, type Fake, loadProviderFile, startFake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { type MigratedDb, openMigratedDb } from "./support/migrated-db.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let database: MigratedDb | undefined;
let db: Db;
beforeAll(async () => {
  database = await openMigratedDb();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

function clock(start = Date.parse("2026-11-24T10:00:00Z")) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

function slowLoader(answers: (n: number) => unknown, ms = 50) {
  let calls = 0;
  const load = async () => {
    const n = ++calls;
    await new Promise((r) => setTimeout(r, ms));
    const data = answers(n);
    if (data instanceof Error) throw data;
    return { data, source: "chain" as const };
  };
  return { load, calls: () => calls };
}

describe("the shared market cache", () => {
  it("asks the provider once for 50 users at once and not again within the minute", async () => {
    const c = clock();
    const cache = new MarketCache({ db, now: c.now });
    const loader = slowLoader((n) => ({ n }));
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get("pairs:fifty", loader.load)));
    expect(loader.calls()).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.data)))).toEqual(new Set([JSON.stringify({ n: 1 })]));
    c.advance(59_000);
    expect((await cache.get("pairs:fifty", loader.load)).stale).toBe(false);
    expect(loader.calls()).toBe(1);
  });

  it("serves stale data at once with its time while one refresh runs, then the new data", async () => {
    const c = clock();
    const cache = new MarketCache({ db, now: c.now });
    const loader = slowLoader((n) => ({ n }), 100);
    const first = await cache.get("pairs:stale", loader.load);
    c.advance(61_000);
    const stale = await Promise.all(Array.from({ length: 20 }, () => cache.get("pairs:stale", loader.load)));
    for (const s of stale) expect(s).toMatchObject({ data: { n: 1 }, stale: true, asOf: first.asOf });
    await cache.settled();
    expect(loader.calls()).toBe(2);
    expect(await cache.get("pairs:stale", loader.load)).toMatchObject({ data: { n: 2 }, stale: false });
  });

  it("keeps the old data when the provider fails, waits a minute before asking again, and never answers zeros", async () => {
    const c = clock();
    const cache = new MarketCache({ db, now: c.now });
    const loader = slowLoader((n) => (n === 1 ? { price: "0.006" } : new Error("HTTP 503 from networks/pools")), 10);
    await cache.get("pairs:failing", loader.load);
    c.advance(61_000);
    await cache.get("pairs:failing", loader.load);
    await cache.settled();
    const after = await cache.get("pairs:failing", loader.load);
    expect(after).toMatchObject({ data: { price: "0.006" }, stale: true });
    await cache.settled();
    expect(loader.calls()).toBe(2);
    c.advance(61_000);
    await cache.get("pairs:failing", loader.load);
    await cache.settled();
    expect(loader.calls()).toBe(3);
  });

  it("answers MARKET_UNAVAILABLE when there is no data and the provider fails", async () => {
    const cache = new MarketCache({ db, now: clock().now });
    const loader = slowLoader(() => new Error("unreachable"), 1);
    await expect(cache.get("pairs:never", loader.load)).rejects.toBeInstanceOf(MarketUnavailableError);
  });

  it("keeps no fact of a failed first read: unavailable, asked again within seconds, then the real answer", async () => {
    const c = clock();
    const cache = new MarketCache({ db, now: c.now });
    const loader = slowLoader((n) => (n === 1 ? new Error("node timed out") : { movers: ["HEX"] }), 1);
    await expect(cache.get("movers-held:retry", loader.load)).rejects.toBeInstanceOf(MarketUnavailableError);
    // Nothing was stored as the resource's data: another process finds nothing either.
    const other = new MarketCache({ db, now: c.now });
    await expect(other.get("movers-held:retry", loader.load)).rejects.toBeInstanceOf(MarketUnavailableError);
    expect(loader.calls()).toBe(1);
    c.advance(MARKET_RETRY_MS + 1);
    expect(await cache.get("movers-held:retry", loader.load)).toMatchObject({
      data: { movers: ["HEX"] },
      stale: false,
    });
    expect(loader.calls()).toBe(2);
  });

  it("lets one of two processes ask the provider; the other reads its answer from the database", async () => {
    const c = clock();
    const one = new MarketCache({ db, now: c.now });
    const two = new MarketCache({ db, now: c.now });
    const loader = slowLoader((n) => ({ n }), 300);
    const [a, b] = await Promise.all([one.get("pairs:two", loader.load), two.get("pairs:two", loader.load)]);
    expect(loader.calls()).toBe(1);
    expect(a.data).toEqual(b.data);
  });
});

describe("GET /api/market/pairs with GeckoTerminal", () => {
  let t: TestServer;
  let gecko: Fake;
  let down = false;
  const TOP =
    "GET https://api.geckoterminal.com/api/v2/networks/pulsechain/pools?page=1&sort=h24_volume_usd_desc&include=base_token,quote_token";
  const file = loadProviderFile("geckoterminal.json");

  beforeAll(async () => {
    gecko = await startFake(async () => {
      await new Promise((r) => setTimeout(r, 100));
      return down
        ? { status: 404, json: { errors: [{ status: "404", title: "Not Found" }] } }
        : { json: example(file, TOP) };
    });
    t = await startTestServer({ env: { GECKOTERMINAL_URL: gecko.url } });
  });
  afterAll(async () => {
    await t?.close();
    await gecko?.close();
  });

  it("serves 50 users from one provider call, and labels the data stale with its time when the provider fails", async () => {
    const users = await Promise.all(
      Array.from({ length: 5 }, (_, i) => confirmedUser(t, `pairs${i}@example.de`, "PairsPass1")),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => users[i % 5]?.get("/api/market/pairs?chainId=369&limit=20")),
    );
    expect(gecko.requests).toHaveLength(1);
    for (const a of answers) expect(a?.status).toBe(200);
    const body = marketPairsResponseSchema.parse(answers[0]?.json);
    expect(body).toMatchObject({ source: "geckoterminal", stale: false });
    expect(body.pairs[0]?.base.symbol).toBe("WPLS");

    down = true;
    t.clock.advance(5 * 60_000);
    const stale = marketPairsResponseSchema.parse((await users[0]?.get("/api/market/pairs?chainId=369&limit=5"))?.json);
    expect(stale).toMatchObject({ stale: true, asOf: body.asOf });
    expect(stale.ageSeconds).toBeGreaterThanOrEqual(300);
    expect(stale.pairs[0]?.priceUsd).toBe(body.pairs[0]?.priceUsd);
    expect(stale.pairs).toHaveLength(Math.min(5, body.pairs.length));
  });

  it("answers the lists empty and marked unavailable (200) when the provider never answered", async () => {
    down = true;
    const fresh = await startTestServer({ env: { GECKOTERMINAL_URL: gecko.url } });
    const other = await confirmedUser(fresh, "nodata2@example.de", "PairsPass1");
    const failed = await other.get("/api/market/pairs?chainId=369");
    expect(failed.status).toBe(200);
    expect(marketPairsResponseSchema.parse(failed.json)).toMatchObject({ pairs: [], unavailable: true, stale: true });
    // Not a fact: no cache keeps it, and the page is told when to ask again.
    expect(failed.headers.get("cache-control")).toBe("no-store");
    expect(failed.json.retryAfterSeconds).toBeGreaterThan(0);
    await fresh.close();
  });
});
