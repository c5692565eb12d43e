/**
 * The market's public providers against local fakes answering in their real formats: GeckoTerminal
 * (top pools, daily candles), DEX Screener (a token's pools) and the PulseX subgraph (daily prices);
 * rate limits, timeouts, empty and unknown answers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DexScreenerClient } from "../../src/market/sources/dexscreener.ts";
import { GeckoTerminalClient } from "../../src/market/sources/geckoterminal.ts";
import { PulseXSubgraphClient } from "../../src/market/sources/pulsex-subgraph.ts";
import { UpstreamError } from "../../src/upstream/upstream-client.ts";
import {
  example,
  type Fake,
  type FakeReply,
  type FakeRequest,
  loadProviderFile,
  startFake,
  testUpstream,
} from "./fake-http.ts";

const gecko = loadProviderFile("geckoterminal.json");
const dex = loadProviderFile("dexscreener.json");
const graph = loadProviderFile("pulsex-subgraph.json");
const GT = "https://api.geckoterminal.com/api/v2";
const DS = "https://api.dexscreener.com";
const TOP = `GET ${GT}/networks/pulsechain/pools?page=1&sort=h24_volume_usd_desc&include=base_token,quote_token`;
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const UNKNOWN = "0x00000000000000000000000000000000deadbeef";

let fake: Fake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function serve(handler: (r: FakeRequest) => FakeReply | Promise<FakeReply>) {
  fake = await startFake(handler);
  return fake;
}

describe("GeckoTerminal", () => {
  it("reads the top pools by 24 h volume with both tokens, exact decimal strings and the DEX", async () => {
    const f = await serve(() => ({ json: example(gecko, TOP) }));
    const { upstream, calls } = testUpstream();
    const pairs = await new GeckoTerminalClient({ upstream, baseUrl: f.url }).topPairs(369, 20);
    expect(f.requests[0]?.url).toBe(
      "/networks/pulsechain/pools?page=1&sort=h24_volume_usd_desc&include=base_token,quote_token",
    );
    expect(f.requests[0]?.headers.accept).toBe("application/json;version=20230302");
    expect(pairs[0]).toMatchObject({
      chainId: 369,
      pairAddress: "0xe56043671df55de5cdf8459710433c10324de0ae",
      dex: "pulsex",
      base: { symbol: "WPLS", address: "0xa1077a294dde1b09bb078844df40758a5d0f9a27" },
      quote: { address: "0xefd766ccb38eaf1dfd701853bfce31359239f305" },
      priceUsd: "0.0000351243118734",
      change24h: "-2.81",
      volume24hUsd: "1302221.7",
      liquidityUsd: "21344110.2117",
      swaps24h: 1410 + 1388,
    });
    expect(calls.map((c) => [c.provider, c.outcome])).toEqual([["geckoterminal", "ok"]]);
  });

  it("gives up on 429 after its retries with a rate-limit error, and reads an empty page as no pools", async () => {
    const limited = example(gecko, `${TOP} [rate limited]`);
    const f = await serve(() => ({ status: 429, json: limited }));
    const { upstream } = testUpstream();
    const client = new GeckoTerminalClient({ upstream, baseUrl: f.url });
    await expect(client.topPairs(369, 20)).rejects.toMatchObject({ kind: "rate_limited", status: 429 });
    expect(f.requests).toHaveLength(3);
    await f.close();
    const empty = await serve(() => ({ json: { data: [] } }));
    expect(await new GeckoTerminalClient({ upstream, baseUrl: empty.url }).topPairs(369, 20)).toEqual([]);
  });

  it("times out on a provider that does not answer, and reports 404 for an unknown pool", async () => {
    const hang = await serve(() => "hang");
    const { upstream } = testUpstream({ retries: 0, timeoutMs: 100 });
    await expect(new GeckoTerminalClient({ upstream, baseUrl: hang.url }).topPairs(369, 5)).rejects.toMatchObject({
      kind: "timeout",
    });
    await hang.close();
    const missing = await serve(() => ({
      status: 404,
      json: example(gecko, `GET ${GT}/networks/pulsechainx/pools?page=1 [unknown network]`),
    }));
    const err = await new GeckoTerminalClient({ upstream, baseUrl: missing.url })
      .dailyCloses(369, UNKNOWN, 30)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).status).toBe(404);
  });

  it("reads daily candles oldest first, the close as the day's price", async () => {
    const pool = "0x19bb45a7270177e303dee6eaa6f5ad700812ba98";
    const body = example(gecko, `GET ${GT}/networks/pulsechain/pools/${pool}/ohlcv/day?aggregate=1&limit=30`);
    const f = await serve(() => ({ json: body }));
    const { upstream } = testUpstream();
    const points = await new GeckoTerminalClient({ upstream, baseUrl: f.url }).dailyCloses(369, pool, 30);
    const newest = body.data.attributes.ohlcv_list[0];
    expect(points.at(-1)).toEqual({ t: newest[0], priceUsd: String(newest[4]) });
    expect(points.map((p) => p.t)).toEqual([...points.map((p) => p.t)].sort((a, b) => a - b));
  });
});

describe("DEX Screener", () => {
  it("lists a token's pools where it is the base token, deepest first", async () => {
    const body = example(dex, `GET ${DS}/token-pairs/v1/pulsechain/${HEX}`);
    const f = await serve(() => ({ json: body }));
    const { upstream } = testUpstream();
    const pairs = await new DexScreenerClient({ upstream, baseUrl: f.url }).tokenPairs(369, HEX);
    expect(f.requests[0]?.path).toBe(`/token-pairs/v1/pulsechain/${HEX}`);
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) expect(p.base.address).toBe(HEX);
    const liquidity = pairs.map((p) => Number(p.liquidityUsd));
    expect(liquidity).toEqual([...liquidity].sort((a, b) => b - a));
    const first = body.find((p: { pairAddress: string }) => p.pairAddress.toLowerCase() === pairs[0]?.pairAddress);
    expect(pairs[0]?.priceUsd).toBe(first.priceUsd);
    expect(pairs[0]?.dex).toBe(`pulsex-${first.labels[0]}`);
  });

  it("answers an unknown token with no pools, and a rate limit with an error", async () => {
    const f = await serve((r) =>
      r.path.includes(UNKNOWN)
        ? { json: example(dex, `GET ${DS}/tokens/v1/pulsechain/${UNKNOWN}`) }
        : {
            status: 429,
            json: example(
              dex,
              `GET ${DS}/tokens/v1/pulsechain/0x95b303987a60c71504d99aa1b13b4da07b0790ab,${HEX} [rate limited]`,
            ),
          },
    );
    const { upstream } = testUpstream();
    const client = new DexScreenerClient({ upstream, baseUrl: f.url });
    expect(await client.tokenPairs(369, UNKNOWN)).toEqual([]);
    await expect(client.tokenPairs(369, HEX)).rejects.toMatchObject({ kind: "rate_limited" });
  });
});

describe("the PulseX subgraph", () => {
  const key = Object.keys(graph.examples).find((k) => k.includes("tokenDayDatas")) as string;

  it("reads a token's daily prices from V1 and V2, oldest first, and refuses an error body", async () => {
    const body = example(graph, key);
    const f = await serve((r) => (r.path.endsWith("v2") ? { json: body } : { json: { data: { tokenDayDatas: [] } } }));
    const { upstream } = testUpstream();
    const client = new PulseXSubgraphClient({ upstream, urls: [`${f.url}/pulsex`, `${f.url}/pulsexv2`] });
    const points = await client.dailyPrices(HEX, 30);
    expect(f.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
    expect(points.at(-1)).toEqual({ t: 1765411200, priceUsd: "0.0042131187" });
    expect(points.map((p) => p.t)).toEqual([...points.map((p) => p.t)].sort((a, b) => a - b));
    await f.close();
    const refusing = await serve(() => ({
      json: example(graph, Object.keys(graph.examples).find((k) => k.includes("txCount")) as string),
    }));
    await expect(new PulseXSubgraphClient({ upstream, urls: [refusing.url] }).dailyPrices(HEX, 30)).rejects.toThrow(
      /refused/,
    );
  });
});
