/**
 * Which price stands for a token on a past day: the native coin and its wrapped token share one series
 * (WPLS for PLS), but a token bridged from another chain whose base is that chain's coin (PulseChain's
 * WETH from Ethereum) keeps its own. Valued as PLS, a holder's bridged WETH would be worth a
 * millionth of what it is, in the tax report's gains and losses.
 */
import { PULSECHAIN, TokenRegistry } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HistoricalPriceService } from "../src/chain/prices/historical-prices.ts";
import { priceHistory } from "../src/db/schema.ts";
import { type MigratedDb, openMigratedDb } from "./support/migrated-db.ts";

const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const BRIDGED_WETH = "0x02dcdd04e3f455d838cd1249292c58f3b79e3c3c";
const DAY = 1_717_200_000 - (1_717_200_000 % 86_400);

let m: MigratedDb;
let service: HistoricalPriceService;
beforeAll(async () => {
  m = await openMigratedDb();
  service = new HistoricalPriceService({ db: m.db, registry: new TokenRegistry(), chains: new Map() });
  const stored = (token: string, usd: string) => ({
    chainId: PULSECHAIN,
    token,
    granularity: "day",
    at: DAY,
    usd,
    source: "defillama",
    reliable: true,
  });
  await m.db.insert(priceHistory).values([stored(WPLS, "0.00005"), stored(BRIDGED_WETH, "3600")]);
});
afterAll(async () => m?.close());

describe("the price series of a token on a past day", () => {
  it("PLS and WPLS are priced from WPLS's series", async () => {
    const answer = await service.prices(
      PULSECHAIN,
      [
        { address: "native", decimals: 18 },
        { address: WPLS, decimals: 18 },
      ],
      [DAY],
      "day",
    );
    expect(answer.prices.get("native")?.get(DAY)?.usd).toBe("0.00005");
    expect(answer.prices.get(WPLS)?.get(DAY)).toMatchObject({ usd: "0.00005", source: "defillama" });
  });

  it("PulseChain's WETH bridged from Ethereum keeps its own price, not PLS's", async () => {
    const answer = await service.prices(PULSECHAIN, [{ address: BRIDGED_WETH, decimals: 18 }], [DAY], "day");
    expect(answer.prices.get(BRIDGED_WETH)?.get(DAY)).toMatchObject({ usd: "3600", source: "defillama" });
  });
});
