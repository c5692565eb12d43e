/**
 * The movers among a user's tokens are never an empty fact made of missing inputs: holdings that
 * could not all be read, or prices the chain did not give, answer "not available yet" with the seconds
 * after which to ask again, nothing of it is kept, and the next ask after that gives the real movers;
 * after a wallet change (other holdings) the movers are those of the new holdings at once. Each token
 * is ranked at the price policy's current price (the portfolio's) against the pools' price at the
 * timeframe's start, both read by the policy: a real stablecoin never moves.
 */
import { D, type Dec, type PriceQuote, TokenRegistry } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainServices } from "../src/chain/services.ts";
import { tokenMetadata } from "../src/db/schema.ts";
import { MARKET_RETRY_MS, MarketCache } from "../src/market/market-cache.ts";
import { MarketService } from "../src/market/market-service.ts";
import type { ChainMarket } from "../src/market/sources/chain-market.ts";
import { UpstreamError } from "../src/upstream/upstream-client.ts";
import { type MigratedDb, openMigratedDb } from "./support/migrated-db.ts";

const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
/** USDC bridged from Ethereum: a real stablecoin on PulseChain. */
const USDC = "0x15d38573d2feeb82e7ad5187ab8c1d52810b1f07";
/** USD in the pools now and a day ago: HEX rose 25 %, PLSX fell 20 %, USDC's pool stood at 0.95. */
const PRICES: Record<string, [string, string]> = {
  [HEX]: ["0.0125", "0.01"],
  [PLSX]: ["0.00004", "0.00005"],
  [USDC]: ["1", "0.95"],
};

let database: MigratedDb | undefined;
beforeAll(async () => {
  database = await openMigratedDb();
  await database.db.insert(tokenMetadata).values([
    { chainId: 369, address: HEX, symbol: "HEX", name: "HEX", decimals: 8, isErc20: true },
    { chainId: 369, address: PLSX, symbol: "PLSX", name: "PulseX", decimals: 18, isErc20: true },
    { chainId: 369, address: USDC, symbol: "USDC", name: "USD Coin from Ethereum", decimals: 6, isErc20: true },
  ]);
});
afterAll(async () => {
  await database?.close();
});

/** The price policy's current quote of a token (the portfolio's): its pool price now unless a test says otherwise. */
type CurrentQuote = (address: string) => PriceQuote | undefined;
const poolQuote: CurrentQuote = (address) => ({
  usd: (PRICES[address] as [string, string])[0],
  source: "pulsex_v2",
  reliable: true,
  at: 0,
});

function setUp(current: CurrentQuote = poolQuote) {
  let ms = Date.parse("2026-11-24T10:00:00Z");
  const now = () => new Date(ms);
  const node = { answers: false, asked: 0, pricesDown: false };
  // The chain's pools: a node that does not answer until told to.
  const market = {
    async pricesFor(tokens: readonly { address: string }[], unix?: number): Promise<Map<string, Dec>> {
      node.asked++;
      if (!node.answers) throw new UpstreamError("rpc-369", "timeout", "no answer within 10 s");
      return new Map(tokens.map((t) => [t.address, new D((PRICES[t.address] as [string, string])[unix ? 1 : 0])]));
    },
  } as unknown as ChainMarket;
  const prices = {
    async currentPrices(_chainId: number, requests: readonly { address: string }[]) {
      if (!node.answers || node.pricesDown) return { quotes: new Map(), problems: ["rpc-369: timeout"], partial: true };
      const quotes = new Map<string, PriceQuote>();
      for (const r of requests) {
        const q = current(r.address);
        if (q) quotes.set(r.address, q);
      }
      return { quotes, problems: [], partial: false };
    },
  };
  const chain = { clients: new Map([[369, {}]]), registry: new TokenRegistry(), prices } as unknown as ChainServices;
  const db = (database as MigratedDb).db;
  const service = new MarketService({
    db,
    chain,
    cache: new MarketCache({ db, now }),
    markets: new Map([[369, market]]),
    providers: {},
    now,
  });
  return { service, node, advance: (by: number) => (ms += by) };
}

const held = (...tokens: string[]) => tokens.map((address) => ({ chainId: 369, address }));

describe("the movers among the user's tokens", () => {
  it("are not available yet while the holdings could not all be read, and the chain is not asked", async () => {
    const { service, node } = setUp();
    node.answers = true;
    const answer = await service.heldMovers("user-a", { tokens: held(HEX), complete: false }, "24h");
    expect(answer).toMatchObject({ unavailable: true, retryAfterSeconds: MARKET_RETRY_MS / 1000 });
    expect([...answer.gainers, ...answer.losers]).toEqual([]);
    expect(node.asked).toBe(0);
    const complete = await service.heldMovers("user-a", { tokens: held(HEX), complete: true }, "24h");
    expect(complete.unavailable).toBeUndefined();
    expect(complete.gainers.map((g) => g.symbol)).toEqual(["HEX"]);
  });

  it("keep no empty answer of a chain that did not answer: asked again within seconds, then the real movers", async () => {
    const { service, node, advance } = setUp();
    const failed = await service.heldMovers("user-b", { tokens: held(HEX), complete: true }, "24h");
    expect(failed).toMatchObject({ unavailable: true, gainers: [], losers: [] });
    const retryAfter = (failed.retryAfterSeconds as number) * 1000;
    expect(retryAfter).toBeLessThanOrEqual(10_000);
    node.answers = true;
    advance(retryAfter);
    const real = await service.heldMovers("user-b", { tokens: held(HEX), complete: true }, "24h");
    expect(real.unavailable).toBeUndefined();
    expect(real.gainers).toMatchObject([{ symbol: "HEX", change: "25.00" }]);
  });

  it("follow a wallet change at once: the new holdings' movers, not the minute-old answer", async () => {
    const { service, node } = setUp();
    node.answers = true;
    const before = await service.heldMovers("user-c", { tokens: held(HEX), complete: true }, "24h");
    expect(before.losers).toEqual([]);
    const after = await service.heldMovers("user-c", { tokens: held(HEX, PLSX), complete: true }, "24h");
    expect(after.gainers.map((g) => g.symbol)).toEqual(["HEX"]);
    expect(after.losers.map((g) => g.symbol)).toEqual(["PLSX"]);
  });

  it("rank a token at the portfolio's current price (the price policy's, here DefiLlama's), not the pool's", async () => {
    const llama: CurrentQuote = (a) =>
      a === HEX ? { usd: "0.015", source: "defillama", reliable: true, at: 0 } : poolQuote(a);
    const { service, node } = setUp(llama);
    node.answers = true;
    const answer = await service.heldMovers("user-d", { tokens: held(HEX), complete: true }, "24h");
    expect(answer.gainers).toMatchObject([{ symbol: "HEX", priceUsd: "0.015", priceThenUsd: "0.01", change: "50.00" }]);
  });

  it("leave out a token whose current price is not trusted, and a real stablecoin whatever its pool said", async () => {
    const doubtful: CurrentQuote = (a) =>
      a === PLSX ? { usd: "0.00004", source: "defillama", reliable: false, at: 0 } : poolQuote(a);
    const { service, node } = setUp(doubtful);
    node.answers = true;
    const answer = await service.heldMovers("user-e", { tokens: held(HEX, PLSX, USDC), complete: true }, "24h");
    // USDC's pool stood at 0.95 a day ago: by the stablecoin rule it was 1 USD then as now, no gain.
    expect(answer.gainers.map((g) => g.symbol)).toEqual(["HEX"]);
    expect(answer.losers).toEqual([]);
  });

  it("are not available yet while the current prices could not be read, though the pools of then could", async () => {
    const { service, node } = setUp();
    node.answers = true;
    node.pricesDown = true;
    const answer = await service.heldMovers("user-f", { tokens: held(HEX, PLSX), complete: true }, "24h");
    expect(answer).toMatchObject({ unavailable: true, gainers: [], losers: [] });
  });
});
