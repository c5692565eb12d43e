/**
 * Bitstamp's transaction history read as the samples' documentation counts it: `Market` a trade in the
 * direction of `Sub Type`, deposits and withdrawals, currencies taken from the money cells, the
 * 12-hour `"Jan. 28, 2022, 12:13 AM"` read as UTC. A damaged line is refused by number.
 */
import { describe, expect, it } from "vitest";
import { bitstampTime } from "../src/imports/formats/bitstamp.ts";
import { bytes, exchangeSample, readOk } from "./support/exchange-samples.ts";

describe("the Bitstamp transaction history sample", () => {
  const read = readOk(exchangeSample("bitstamp-transactions.csv"));

  it("gives the documented counts, assets, range and amounts bought", () => {
    expect(read.format).toBe("bitstamp");
    expect(read.account).toBe("Bitstamp");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 1, deposit: 1, withdrawal: 1, reward: 0, other: 0 });
    expect(read.summary.assets).toEqual(["ETH", "EUR"]);
    expect(read.summary.from).toBe("2022-01-28T00:13:00Z");
    expect(read.summary.to).toBe("2022-01-30T11:40:00Z");
    expect(read.summary.bought).toEqual({ EUR: "2214.01" });
  });

  it("reads the deposit, the sale with its fiat fee and the withdrawal with its fee", () => {
    expect(read.rows).toEqual([
      {
        line: 2,
        time: "2022-01-28T00:13:00Z",
        kind: "deposit",
        operation: "Deposit",
        in: { asset: "ETH", amount: "2" },
        fees: [],
      },
      {
        line: 3,
        time: "2022-01-28T00:31:00Z",
        kind: "trade",
        operation: "Market Sell",
        out: { asset: "ETH", amount: "1" },
        in: { asset: "EUR", amount: "2214.01" },
        fees: [{ asset: "EUR", amount: "10.87005" }],
      },
      {
        line: 4,
        time: "2022-01-30T11:40:00Z",
        kind: "withdrawal",
        operation: "Withdrawal",
        out: { asset: "EUR", amount: "2211.01" },
        fees: [{ asset: "EUR", amount: "3" }],
      },
    ]);
  });

  it("reads the 12-hour clock around noon and midnight, months with and without a dot", () => {
    expect(bitstampTime("Jan. 28, 2022, 12:13 AM")).toBe("2022-01-28T00:13:00Z");
    expect(bitstampTime("Jan. 28, 2022, 12:13 PM")).toBe("2022-01-28T12:13:00Z");
    expect(bitstampTime("May 3, 2022, 9:05 PM")).toBe("2022-05-03T21:05:00Z");
    expect(bitstampTime("Sept. 1, 2022, 1:00 AM")).toBe("2022-09-01T01:00:00Z");
    expect(bitstampTime("Feb. 30, 2022, 1:00 AM")).toBeUndefined();
    expect(bitstampTime("Jan. 28, 2022, 13:13 PM")).toBeUndefined();
  });
});

describe("a damaged Bitstamp file", () => {
  it("refuses a cut last line, a bad amount and an unknown type by line, and reads the rest", () => {
    const text = new TextDecoder()
      .decode(exchangeSample("bitstamp-transactions.csv"))
      .replace('Withdrawal,"Jan. 30, 2022, 11:40 AM",Main Account,2211.01 EUR,,,3.00 EUR,', 'Withdrawal,"Jan. 30, 20');
    const lines = text.split("\n");
    lines.splice(1, 0, 'Staking reward,"Jan. 27, 2022, 10:00 AM",Main Account,0.01 ETH,,,,');
    lines.splice(2, 0, 'Deposit,"Jan. 27, 2022, 11:00 AM",Main Account,2.0x ETH,,,,');
    const read = readOk(bytes(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 2, problem: "unknown-operation", detail: "Staking reward" },
      { line: 3, problem: "bad-number", detail: "2.0x ETH" },
      { line: 6, problem: "short-line" },
    ]);
    expect(read.rows.map((r) => [r.line, r.kind])).toEqual([
      [4, "deposit"],
      [5, "trade"],
    ]);
  });
});
