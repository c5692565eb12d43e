/**
 * An imported account in the tax report (docs/product/imports.md, "In the report"): a purchase against
 * EUR and a later sale give the §23 gain to the cent (fees in EUR on both sides); a purchase in USD is
 * valued at the ECB rate of its day; a fee paid in BNB is taken from the account's BNB; a reward is
 * income at the file's value; a crypto withdrawal is "Unbekannt" until matched; bank deposits are no
 * events. ETH is the chain's ETH, BTC an asset of the exchange accounts, never a token by its symbol.
 */
import { describe, expect, it } from "vitest";
import { accountTaxEvents } from "../src/imports/account-events.ts";
import { exchangeAsset } from "../src/imports/exchange-assets.ts";
import type { ImportedRow } from "../src/imports/imported-row.ts";
import { computeTaxReport } from "../src/tax/engine.ts";

const row = (r: Partial<ImportedRow> & Pick<ImportedRow, "time" | "kind">): ImportedRow => ({
  line: 2,
  operation: r.kind,
  fees: [],
  ...r,
});
/** USD per EUR: 1.10 every day. */
const eurOf = (currency: string, amount: string) =>
  currency === "EUR" ? amount : currency === "USD" ? (Number(amount) / 1.1).toFixed(2) : undefined;

describe("an imported account's rows as events", () => {
  it("give the §23 gain of a purchase against EUR and a sale within a year, fees included", () => {
    const rows = [
      row({ time: "2024-01-10T10:00:00Z", kind: "deposit", in: { asset: "EUR", amount: "40010" } }),
      row({
        time: "2024-01-10T11:00:00Z",
        kind: "trade",
        out: { asset: "EUR", amount: "40000" },
        in: { asset: "BTC", amount: "1" },
        fees: [{ asset: "EUR", amount: "10" }],
      }),
      row({
        time: "2024-06-10T11:00:00Z",
        kind: "trade",
        out: { asset: "BTC", amount: "0.5" },
        in: { asset: "EUR", amount: "30000" },
        fees: [{ asset: "EUR", amount: "5" }],
      }),
    ];
    const { events, assets } = accountTaxEvents(rows, { wallet: "Bitstamp", eurOf });
    expect(events.map((e) => e.kind)).toEqual(["buy", "sell"]);
    expect(assets("exchange:BTC")).toEqual({ symbol: "BTC", decimals: 18 });
    const report = computeTaxReport(events, undefined, { year: 2024, assets });
    // 30,000 - 5 - (half of 40,000 + half of 10) = 9,990.
    expect(report.years["2024"]?.gainTaxable).toBe("9990.00");
  });

  it("value a USD purchase at the day's rate, take a BNB fee from the account's BNB, book a reward as income", () => {
    const rows = [
      row({
        time: "2024-02-01T09:00:00Z",
        kind: "trade",
        out: { asset: "USD", amount: "1100" },
        in: { asset: "BNB", amount: "4" },
      }),
      row({
        time: "2024-02-02T09:00:00Z",
        kind: "trade",
        out: { asset: "USD", amount: "2200" },
        in: { asset: "ETH", amount: "1" },
        fees: [{ asset: "BNB", amount: "0.01" }],
      }),
      row({
        time: "2024-03-01T09:00:00Z",
        kind: "reward",
        in: { asset: "ETH", amount: "0.01" },
        fiatValue: { asset: "EUR", amount: "30" },
      }),
      row({
        time: "2024-03-02T09:00:00Z",
        kind: "withdrawal",
        out: { asset: "ETH", amount: "0.5" },
        fees: [{ asset: "ETH", amount: "0.001" }],
      }),
    ];
    const { events } = accountTaxEvents(rows, { wallet: "Binance", eurOf });
    expect(events.map((e) => [e.kind, e.eur])).toEqual([
      ["buy", "1000.00"],
      ["buy", "2000.00"],
      ["income", "30"],
      ["unknown-out", undefined],
    ]);
    const eth = exchangeAsset("ETH").key;
    expect(eth).toBe("1:native");
    expect(events[1]).toMatchObject({
      received: [{ wallet: "Binance", asset: eth, amount: 10n ** 18n }],
      fee: { asset: "exchange:BNB", amount: 10n ** 16n },
    });
    expect(events[3]).toMatchObject({
      given: [{ asset: eth, amount: 5n * 10n ** 17n }],
      fee: { asset: eth, amount: 10n ** 15n },
    });
  });

  it("take a file's local time as German time, and make no event of fiat alone or of internal moves", () => {
    const rows = [
      row({
        time: "2024-07-01T12:00:00",
        kind: "trade",
        out: { asset: "EUR", amount: "100" },
        in: { asset: "PLSX", amount: "1000000" },
      }),
      row({ time: "2024-07-02T12:00:00", kind: "withdrawal", out: { asset: "EUR", amount: "50" } }),
      row({ time: "2024-07-03T12:00:00", kind: "other", out: { asset: "PLSX", amount: "10" } }),
    ];
    const { events } = accountTaxEvents(rows, { wallet: "CoinTracking", eurOf });
    expect(events).toHaveLength(1);
    // 12:00 in Berlin in summer is 10:00 UTC.
    expect(events[0]?.time).toBe(Date.parse("2024-07-01T10:00:00Z") / 1000);
    expect(events[0]?.received[0]?.asset).toBe("369:0x95b303987a60c71504d99aa1b13b4da07b0790ab");
  });
});
