/**
 * The market's movers (the dashboard's "Markt" list) are never an error the page keeps: a chain that
 * did not answer the first read gives "not available yet" with the seconds after which to ask again,
 * nothing of it is kept, and the next ask after that gives the real movers.
 */
import { D, type Dec, type MarketToken, TokenRegistry } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainServices } from "../src/chain/services.ts";
import { MARKET_RETRY_MS, MarketCache } from "../src/market/market-cache.ts";
import { MarketService } from "../src/market/market-service.ts";
import type { ChainMarket } from "../src/market/sources/chain-market.ts";
import { UpstreamError } from "../src/upstream/upstream-client.ts";
import { type MigratedDb, openMigratedDb } from "./support/migrated-db.ts";

const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";

let database: MigratedDb | undefined;
beforeAll(async () => {
  database = await openMigratedDb();
});
afterAll(async () => {
  await database?.close();
});

function row(address: string, symbol: string, priceUsd: string): MarketToken {
  return {
    chainId: 369,
    address,
    symbol,
    name: symbol,
    priceUsd,
    change24h: null,
    volume24hUsd: null,
    liquidityUsd: null,
    marketCapUsd: null,
    known: true,
  };
}

function setUp() {
  let ms = Date.parse("2026-11-27T01:00:00Z");
  const now = () => new Date(ms);
  const node = { pastBlocksAnswer: false };
  // The pools now answer; the node's archive read of a day ago does not until told to.
  const market = {
    async tokens(): Promise<MarketToken[]> {
      return [row(HEX, "HEX", "0.0125"), row(PLSX, "PLSX", "0.00004")];
    },
    async pricesAt(): Promise<Map<string, Dec>> {
      if (!node.pastBlocksAnswer) throw new UpstreamError("rpc-369", "timeout", "no answer within 10 s");
      return new Map([
        [HEX, new D("0.01")],
        [PLSX, new D("0.00005")],
      ]);
    },
  } as unknown as ChainMarket;
  const chain = { clients: new Map([[369, {}]]), registry: new TokenRegistry() } as unknown as ChainServices;
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

describe("the market's movers", () => {
  it("are not available yet while the chain did not answer (never an error the page keeps), then the real movers", async () => {
    const { service, node, advance } = setUp();
    const failed = await service.movers(369, "24h");
    expect(failed).toMatchObject({ unavailable: true, retryAfterSeconds: MARKET_RETRY_MS / 1000, gainers: [] });
    node.pastBlocksAnswer = true;
    advance(MARKET_RETRY_MS);
    const real = await service.movers(369, "24h");
    expect(real.unavailable).toBeUndefined();
    expect(real.gainers).toMatchObject([{ symbol: "HEX", change: "25.00" }]);
    expect(real.losers).toMatchObject([{ symbol: "PLSX", change: "-20.00" }]);
  });
});
