/**
 * KuCoin's order history read as the samples' documentation counts it: every line one trade, the pair split
 * into base and quote, the fee in its own currency, times kept without a zone. The older layout
 * (more/) reads alike; a damaged line is refused by number and the rest still reads.
 */
import { describe, expect, it } from "vitest";
import { bytes, exchangeSample, readOk } from "./support/exchange-samples.ts";

describe("the KuCoin order history sample", () => {
  const read = readOk(exchangeSample("kucoin-order-history.csv"));

  it("gives the documented counts, assets, range (no zone) and amounts bought", () => {
    expect(read.format).toBe("kucoin");
    expect(read.account).toBe("KuCoin");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 2, deposit: 0, withdrawal: 0, reward: 0, other: 0 });
    expect(read.summary.assets).toEqual(["USDT", "XRP", "XTZ"]);
    expect(read.summary.from).toBe("2022-04-28T12:36:00");
    expect(read.summary.to).toBe("2022-04-28T15:46:07");
    expect(read.summary.bought).toEqual({ XRP: "432.59183198", USDT: "3.73590975" });
  });

  it("reads a sale and a purchase with their legs and quote-currency fee, long floats digit for digit", () => {
    expect(read.rows).toEqual([
      {
        line: 2,
        time: "2022-04-28T12:36:00",
        kind: "trade",
        operation: "sell",
        out: { asset: "XTZ", amount: "36.4479" },
        in: { asset: "USDT", amount: "3.73590975" },
        fees: [{ asset: "USDT", amount: "0.00373590975" }],
      },
      {
        line: 3,
        time: "2022-04-28T15:46:07",
        kind: "trade",
        operation: "buy",
        out: { asset: "USDT", amount: "280.8559209946952" },
        in: { asset: "XRP", amount: "432.59183198" },
        fees: [{ asset: "USDT", amount: "0.2808559209946952" }],
      },
    ]);
  });
});

describe("other KuCoin files", () => {
  it("reads the older layout (more/): pair with a slash, dates with slashes", () => {
    const read = readOk(exchangeSample("more/kucoin-order-history-old.csv"));
    expect(read.format).toBe("kucoin");
    expect(read.refused).toEqual([]);
    expect(read.rows[0]).toEqual({
      line: 2,
      time: "2019-05-11T10:27:17",
      kind: "trade",
      operation: "Buy",
      in: { asset: "KCS", amount: "10.01" },
      out: { asset: "BTC", amount: "0.00152402" },
      fees: [{ asset: "BTC", amount: "0.00000152" }],
    });
    expect(read.rows[1]).toMatchObject({ in: { asset: "BTC", amount: "0.00152403" }, out: { asset: "KCS" } });
  });

  it("refuses a cut last line, a bad number and an unknown side by line, and reads the rest", () => {
    const mixed = readOk(
      bytes(
        "tradeCreatedAt,symbol,side,price,size,funds,fee,feeCurrency\n" +
          "2022-04-28 12:36:00,XTZ-USDT,sell,0.1025,36.4479,3.73590975,0.00373590975,USDT\n" +
          "2022-04-28 13:00:00,XTZ-USDT,sell,0.1025,36.44x,3.73590975,0.00373590975,USDT\n" +
          "2022-04-28 25:00:00,XTZ-USDT,sell,0.1025,36.4479,3.73590975,0.00373590975,USDT\n" +
          "2022-04-29 10:00:00,XRP-USDT,lend,1,1,1,0,USDT\n" +
          "2022-04-28 15:46:07,XRP-USDT,buy,0.649",
      ),
    );
    expect(mixed.refused).toEqual([
      { line: 3, problem: "bad-number", detail: "36.44x" },
      { line: 4, problem: "bad-time", detail: "2022-04-28 25:00:00" },
      { line: 5, problem: "unknown-operation", detail: "lend" },
      { line: 6, problem: "short-line" },
    ]);
    expect(mixed.rows.map((r) => r.line)).toEqual([2]);
  });
});
