/**
 * The holdings at 31 December (tax-report/package/year-end-values.ts): lots added up per wallet and
 * token, valued with the day's USD price over the ECB's USD per EUR, exact to the cent; a price or rate
 * not found, or a 31 December still to come, leaves the value empty with the reason, never 0.
 */
import type { OpenLot, PriceQuote } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { dayStart } from "../src/chain/prices/historical-prices.ts";
import { createLogger } from "../src/logger.ts";
import { yearEndValues } from "../src/tax-report/package/year-end-values.ts";

const WALLET = "0x00000000000000000000000000000000000a0001";
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const DEC_31 = Date.UTC(2024, 11, 31, 12) / 1000;

function lot(asset: string, amount: string, cost: string | null, acquired: string | null): OpenLot {
  return {
    wallet: WALLET,
    asset,
    symbol: asset.endsWith("native") ? "PLS" : "HEX",
    amount,
    acquired,
    acquiredAt: null,
    cost,
    holdingPeriodEnds: null,
    taxFreeFrom: null,
  };
}

function deps(usd: Record<string, string>, rate: string | null, now = new Date("2025-02-01T00:00:00Z")) {
  const asked: string[] = [];
  return {
    asked,
    deps: {
      logger: createLogger("silent"),
      now: () => now,
      decimalsOf: () => 18,
      historicalPrices: {
        prices: async (chainId: number, tokens: readonly { address: string }[], points: readonly number[]) => {
          asked.push(...tokens.map((t) => `${chainId}:${t.address}@${points.join(",")}`));
          const prices = new Map<string, Map<number, PriceQuote>>();
          for (const t of tokens) {
            const price = usd[t.address];
            if (price)
              prices.set(
                t.address,
                new Map([
                  [dayStart(DEC_31), { usd: price, source: "defillama", reliable: true, at: dayStart(DEC_31) }],
                ]),
              );
          }
          return { prices, problems: [], partial: false };
        },
      },
      fx: {
        usdPerEur: async (days: readonly string[]) => ({
          rates: new Map(rate ? days.map((d) => [d, { rate, rateDate: "2024-12-31" }]) : []),
        }),
      },
    },
  };
}

describe("the holdings at 31 December", () => {
  it("add the lots up per wallet and token and value them exactly", async () => {
    const { deps: d, asked } = deps({ [HEX]: "0.003333333333" }, "1.0389");
    const holdings = [
      lot(`369:${HEX}`, "1000.5", "2.50", "2024-02-01"),
      lot(`369:${HEX}`, "0.000000000000000001", "0.01", "2023-05-01"),
      lot("369:native", "12", null, null),
    ];
    const [hex, pls] = await yearEndValues(d as never, 2024, holdings);
    expect(asked).toEqual([`369:${HEX}@${DEC_31}`, `369:native@${DEC_31}`]);
    expect(hex).toMatchObject({
      chainId: 369,
      token: HEX,
      amount: "1000.500000000000000001",
      acquiredFrom: "2023-05-01",
      acquiredTo: "2024-02-01",
      lots: 2,
      cost: "2.51",
      usdPrice: "0.003333333333",
      usdPerEur: { rate: "1.0389", rateDate: "2024-12-31" },
      // 1000.500000000000000001 × 0.003333333333 / 1.0389 = 3.2100... EUR
      value: "3.21",
      missing: null,
    });
    expect(pls).toMatchObject({ token: "native", cost: null, acquiredFrom: null, value: null, missing: "no-price" });
  });

  it("say why a value is missing: no euro rate, or a year not over yet", async () => {
    const holdings = [lot(`369:${HEX}`, "1", "1.00", "2024-02-01")];
    const noRate = await yearEndValues(deps({ [HEX]: "1" }, null).deps as never, 2024, holdings);
    expect(noRate[0]).toMatchObject({ usdPrice: "1", value: null, missing: "no-eur-rate" });
    const early = deps({ [HEX]: "1" }, "1.1", new Date("2024-12-30T00:00:00Z"));
    const notYet = await yearEndValues(early.deps as never, 2024, holdings);
    expect(notYet[0]).toMatchObject({ value: null, missing: "not-yet" });
    expect(early.asked).toEqual([]);
  });
});
