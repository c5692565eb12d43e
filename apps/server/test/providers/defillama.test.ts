import { NATIVE } from "@pulsemanager/core";
import { afterEach, describe, expect, it } from "vitest";
import { DefiLlamaClient, DefiLlamaCurrentPrices, parseKeepingPrices } from "../../src/chain/prices/defillama.ts";
import {
  closedPortUrl,
  example,
  type Fake,
  type FakeReply,
  type FakeRequest,
  loadProviderFile,
  startFake,
  testUpstream,
} from "./fake-http.ts";

const file = loadProviderFile("defillama-coins.json");
const L = "https://coins.llama.fi";
const raw = (key: string) => JSON.stringify(example(file, `GET ${L}${key}`));

const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const DAI = "0xefd766ccb38eaf1dfd701853bfce31359239f305";
const INC = "0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d";
const UNKNOWN = "0x00000000000000000000000000000000deadbeef";

const CURRENT_PATH = `/prices/current/pulse:${PLSX},pulse:${HEX},pulse:${WPLS},pulse:${DAI},pulse:${INC},ethereum:${HEX},coingecko:pulsechain,pulse:${UNKNOWN}?searchWidth=4h`;
const HISTORICAL_PATH = `/prices/historical/1704067200/pulse:${HEX},pulse:${PLSX},ethereum:${HEX}?searchWidth=6h`;
const BATCH_KEY = `/batchHistorical?coins={"pulse:${HEX}":[1704067200,1735603200],"pulse:${PLSX}":[1704067200],"pulse:${UNKNOWN}":[1704067200]}&searchWidth=600`;
const CHART_PATH = `/chart/pulse:${HEX},ethereum:${HEX}?start=1735430400&span=3&period=1d&searchWidth=600`;

let fakes: Fake[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

async function fake(handler: (req: FakeRequest) => FakeReply | Promise<FakeReply>): Promise<Fake> {
  const f = await startFake(handler);
  fakes.push(f);
  return f;
}

function client(baseUrl: string, opts: { maxUrlLength?: number; retries?: number } = {}) {
  const { upstream, calls } = testUpstream(opts.retries !== undefined ? { retries: opts.retries } : {});
  return { c: new DefiLlamaClient({ upstream, baseUrl, maxUrlLength: opts.maxUrlLength }), calls };
}

const full = (r: FakeRequest) => `${r.path}${r.query.size ? `?${decodeURIComponent(r.query.toString())}` : ""}`;

/** Serves the recorded bodies as raw JSON text (numbers exactly as DefiLlama writes them). */
function recorded(req: FakeRequest): FakeReply {
  const url = full(req);
  if (url === CURRENT_PATH) return { text: raw(CURRENT_PATH), contentType: "application/json" };
  if (url === `/prices/current/pulse:${UNKNOWN}`)
    return { text: raw(`/prices/current/pulse:${UNKNOWN}`), contentType: "application/json" };
  if (url === HISTORICAL_PATH) return { text: raw(HISTORICAL_PATH), contentType: "application/json" };
  if (req.path === "/batchHistorical") {
    const coins = JSON.parse(req.query.get("coins") ?? "{}");
    if (Object.keys(coins).length === 0)
      return { status: 400, json: example(file, `GET ${L}/batchHistorical?coins={}`) };
    return { text: raw(BATCH_KEY), contentType: "application/json" };
  }
  if (url === CHART_PATH) return { text: raw(CHART_PATH), contentType: "application/json" };
  return { status: 404, text: "no route" };
}

const tok = (address: string, chainId = 369) => ({ chainId, address });

describe("DefiLlama coins API", () => {
  it("current prices by contract address: exact decimal strings, confidence kept, unknown coins absent (not zero)", async () => {
    const f = await fake(recorded);
    const { c, calls } = client(f.url);
    const r = await c.current(
      [tok(PLSX), tok(HEX), tok(WPLS), tok(DAI), tok(INC), tok(HEX, 1), tok(NATIVE), tok(UNKNOWN)],
      { searchWidth: "4h" },
    );
    expect(f.requests.map(full)).toEqual([CURRENT_PATH]);
    expect(r.failed).toEqual([]);
    expect(r.problems).toEqual([]);
    expect(Object.fromEntries(r.quotes)).toEqual({
      [`369:${PLSX}`]: { usd: "0.00002131", timestamp: 1735430388, confidence: 0.99, symbol: "PLSX", decimals: 18 },
      [`369:${HEX}`]: { usd: "0.004213", timestamp: 1735430391, confidence: 0.99, symbol: "HEX", decimals: 8 },
      [`369:${WPLS}`]: { usd: "0.00003498", timestamp: 1735430388, confidence: 0.99, symbol: "WPLS", decimals: 18 },
      [`369:${DAI}`]: { usd: "0.9996", timestamp: 1735430301, confidence: 0.99, symbol: "DAI", decimals: 18 },
      [`369:${INC}`]: { usd: "1.87", timestamp: 1735429977, confidence: 0.89, symbol: "INC", decimals: 18 },
      [`1:${HEX}`]: { usd: "0.002511", timestamp: 1735430356, confidence: 0.99, symbol: "HEX", decimals: 8 },
      "369:native": { usd: "0.00003501", timestamp: 1735430376, confidence: 0.99, symbol: "PLS" },
    });
    expect(r.quotes.has(`369:${UNKNOWN}`)).toBe(false);
    expect(calls).toMatchObject([{ provider: "defillama", endpoint: "prices/current", kind: "price", outcome: "ok" }]);
  });

  it("all unknown -> empty map, nothing failed", async () => {
    const f = await fake(recorded);
    const r = await client(f.url).c.current([tok(UNKNOWN)]);
    expect(r).toEqual({ quotes: new Map(), failed: [], unsupported: [], problems: [] });
  });

  it("keeps prices exact: numbers are read from the raw text, never through a float", () => {
    const parsed = parseKeepingPrices(
      '{"coins":{"a":{"price":1234567.123456789012345678,"symbol":"A\\"price\\":1","timestamp":1,"confidence":0.99},"b":{"price":1e-18}}}',
    ) as any;
    expect(parsed.coins.a.price).toBe("1234567.123456789012345678");
    expect(parsed.coins.a.symbol).toBe('A"price":1');
    expect(parsed.coins.a.timestamp).toBe(1);
    expect(parsed.coins.b.price).toBe("1e-18");
  });

  it("splits long key lists so every URL stays under the limit, and merges the answers", async () => {
    const addresses = Array.from({ length: 300 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`);
    const f = await fake((req) => {
      const keys = req.path.replace("/prices/current/", "").split(",");
      const coins: Record<string, unknown> = {};
      // DefiLlama knows every other token
      for (const k of keys)
        if (Number.parseInt(k.slice(-4), 16) % 2 === 0)
          coins[k] = { decimals: 18, symbol: "T", price: 0.5, timestamp: 1735430000, confidence: 0.95 };
      return { json: { coins } };
    });
    const { c } = client(f.url, { maxUrlLength: 6000 });
    const r = await c.current(addresses.map((a) => tok(a)));
    expect(f.requests.length).toBeGreaterThanOrEqual(3);
    for (const q of f.requests) expect(`${f.url}${q.url}`.length).toBeLessThanOrEqual(6000);
    const asked = f.requests.flatMap((q) => q.path.replace("/prices/current/", "").split(","));
    expect(asked.sort()).toEqual(addresses.map((a) => `pulse:${a}`).sort());
    expect(r.quotes.size).toBe(150);
    expect(r.quotes.get(`369:${addresses[1]}`)).toEqual({
      usd: "0.5",
      timestamp: 1735430000,
      confidence: 0.95,
      symbol: "T",
      decimals: 18,
    });
    expect(r.failed).toEqual([]);
  });

  it("historical prices at a timestamp", async () => {
    const f = await fake(recorded);
    const r = await client(f.url).c.historical(1704067200, [tok(HEX), tok(PLSX), tok(HEX, 1)], { searchWidth: "6h" });
    expect(f.requests.map(full)).toEqual([HISTORICAL_PATH]);
    expect(r.quotes.get(`369:${HEX}`)).toEqual({
      usd: "0.01254",
      timestamp: 1704066912,
      confidence: 0.99,
      symbol: "HEX",
      decimals: 8,
    });
    expect(r.quotes.get(`1:${HEX}`)?.usd).toBe("0.006011");
    expect(r.quotes.get(`369:${PLSX}`)?.usd).toBe("0.00002978");
  });

  it("batchHistorical: several timestamps per token, missing ones and unknown coins left out", async () => {
    const f = await fake(recorded);
    const r = await client(f.url).c.batchHistorical(
      [
        { ...tok(HEX), timestamps: [1735603200, 1704067200] },
        { ...tok(PLSX), timestamps: [1704067200] },
        { ...tok(UNKNOWN), timestamps: [1704067200] },
      ],
      { searchWidth: 600 },
    );
    expect(f.requests).toHaveLength(1);
    expect(JSON.parse(f.requests[0]?.query.get("coins") ?? "")).toEqual({
      [`pulse:${HEX}`]: [1704067200, 1735603200],
      [`pulse:${PLSX}`]: [1704067200],
      [`pulse:${UNKNOWN}`]: [1704067200],
    });
    expect(f.requests[0]?.query.get("searchWidth")).toBe("600");
    expect(r.quotes.get(`369:${HEX}`)).toEqual({
      symbol: "HEX",
      confidence: null,
      prices: [
        { timestamp: 1704067131, usd: "0.01254", confidence: 0.99 },
        { timestamp: 1735603097, usd: "0.00417", confidence: 0.99 },
      ],
    });
    expect(r.quotes.get(`369:${PLSX}`)?.prices).toEqual([
      { timestamp: 1704067188, usd: "0.00002978", confidence: 0.99 },
    ]);
    expect(r.quotes.has(`369:${UNKNOWN}`)).toBe(false);
  });

  it("batchHistorical splits a long timestamp list over several short requests and merges them", async () => {
    const days = Array.from({ length: 1000 }, (_, i) => 1704067200 + i * 86400);
    const f = await fake((req) => {
      const coins = JSON.parse(req.query.get("coins") ?? "{}") as Record<string, number[]>;
      const out: Record<string, unknown> = {};
      for (const [k, ts] of Object.entries(coins))
        out[k] = { symbol: "HEX", prices: ts.map((t) => ({ timestamp: t - 5, price: 0.004, confidence: 0.99 })) };
      return { json: { coins: out } };
    });
    const r = await client(f.url, { maxUrlLength: 2000 }).c.batchHistorical([
      { ...tok(HEX), timestamps: days },
      { ...tok(PLSX), timestamps: days.slice(0, 3) },
    ]);
    expect(f.requests.length).toBeGreaterThan(5);
    for (const q of f.requests) expect(`${f.url}${q.url}`.length).toBeLessThanOrEqual(2000);
    expect(r.quotes.get(`369:${HEX}`)?.prices.map((p) => p.timestamp)).toEqual(days.map((d) => d - 5));
    expect(r.quotes.get(`369:${PLSX}`)?.prices).toHaveLength(3);
  });

  it("chart: a daily series per token", async () => {
    const f = await fake(recorded);
    const r = await client(f.url).c.chart([tok(HEX), tok(HEX, 1)], {
      start: 1735430400,
      span: 3,
      period: "1d",
      searchWidth: 600,
    });
    expect(f.requests.map(full)).toEqual([CHART_PATH]);
    expect(r.quotes.get(`369:${HEX}`)).toEqual({
      symbol: "HEX",
      confidence: 0.99,
      decimals: 8,
      prices: [
        { timestamp: 1735430391, usd: "0.004213", confidence: null },
        { timestamp: 1735516788, usd: "0.004098", confidence: null },
        { timestamp: 1735603097, usd: "0.00417", confidence: null },
      ],
    });
    expect(r.quotes.get(`1:${HEX}`)?.prices.map((p) => p.usd)).toEqual(["0.002511", "0.002467", "0.002503"]);
  });

  it("errors: a 400 body and an unreachable host mark the keys as failed (not unknown); chains without a DefiLlama key are unsupported", async () => {
    const f = await fake((req) =>
      req.path === "/batchHistorical"
        ? { status: 400, json: example(file, `GET ${L}/batchHistorical?coins={}`) }
        : { status: 502, text: "Internal error" },
    );
    const { c } = client(f.url, { retries: 1 });
    const b = await c.batchHistorical([{ ...tok(HEX), timestamps: [1704067200] }]);
    expect(b).toEqual({
      quotes: new Map(),
      failed: [`369:${HEX}`],
      unsupported: [],
      problems: ["defillama batchHistorical: HTTP 400: no coins queried"],
    });
    const cur = await c.current([tok(HEX), tok(HEX, 943)]);
    expect(cur.failed).toEqual([`369:${HEX}`]);
    expect(cur.unsupported).toEqual([`943:${HEX}`]);
    expect(cur.problems[0]).toMatch(/HTTP 502/);
    expect(f.requests.filter((q) => q.path.startsWith("/prices/current"))).toHaveLength(2);
    const down = await client(await closedPortUrl(), { retries: 0 }).c.current([tok(PLSX)]);
    expect(down.failed).toEqual([`369:${PLSX}`]);
    expect(down.quotes.size).toBe(0);
  });
});

describe("wrapped coins of chains the app does not read", () => {
  const WBTC_ETH = "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599";
  const WBTC_PLS = "0xb17d901469b9208b17d916112988a3fed19b5ca1";

  it("asks for WBTC (Ethereum, and bridged to PulseChain) as BTC, answered under the token's own key", async () => {
    const f = await fake(() => ({
      json: { coins: { "coingecko:bitcoin": { price: 97000.5, timestamp: 7, confidence: 0.99, symbol: "BTC" } } },
    }));
    const { c } = client(f.url);
    expect(DefiLlamaClient.coinKey(1, WBTC_ETH)).toBe("coingecko:bitcoin");
    expect(DefiLlamaClient.coinKey(369, WBTC_PLS.toUpperCase().replace("0X", "0x"))).toBe("coingecko:bitcoin");
    const r = await c.current([tok(WBTC_PLS)]);
    expect(f.requests.map(full)).toEqual(["/prices/current/coingecko:bitcoin"]);
    expect(r.quotes.get(`369:${WBTC_PLS}`)).toMatchObject({ usd: "97000.5" });
  });
});

describe("DefiLlamaCurrentPrices (the price service's CurrentPriceSource shape)", () => {
  it("answers by lower-case address, absent when unknown, and throws only when nothing could be read", async () => {
    const f = await fake(recorded);
    const { upstream } = testUpstream();
    const source = new DefiLlamaCurrentPrices(new DefiLlamaClient({ upstream, baseUrl: f.url }));
    const prices = await source.current(369, [UNKNOWN.toUpperCase().replace("0X", "0x")]);
    expect(prices.size).toBe(0);
    const one = await new DefiLlamaCurrentPrices(
      new DefiLlamaClient({
        upstream,
        baseUrl: (
          await fake(() => ({
            json: {
              coins: {
                [`pulse:${HEX}`]: { price: 0.004213, timestamp: 5, confidence: 0.99, decimals: 8, symbol: "HEX" },
              },
            },
          }))
        ).url,
      }),
    ).current(369, [HEX]);
    expect(one.get(HEX)).toEqual({ usd: "0.004213", timestamp: 5, confidence: 0.99, symbol: "HEX", decimals: 8 });
    const down = new DefiLlamaCurrentPrices(
      new DefiLlamaClient({ upstream: testUpstream({ retries: 0 }).upstream, baseUrl: await closedPortUrl() }),
    );
    await expect(down.current(369, [HEX])).rejects.toThrow(/defillama prices\/current/);
  });
});
