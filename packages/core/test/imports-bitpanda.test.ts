/**
 * Bitpanda's trade export read as the samples' documentation counts it: the six-line preamble skipped, Vienna
 * offsets converted to UTC, buys and sells of crypto, stocks and ETFs as trades, fiat and crypto
 * deposits and withdrawals with their fees, the incoming BEST transfer as a reward. The CRLF file of
 * more/ reads too, its cut last line refused; damaged lines are refused by line.
 */
import { describe, expect, it } from "vitest";
import { bytes, exchangeSample, readOk, rowAt } from "./support/exchange-samples.ts";

const sampleText = () => new TextDecoder().decode(exchangeSample("bitpanda-trades.csv"));

describe("the Bitpanda trades sample", () => {
  const read = readOk(exchangeSample("bitpanda-trades.csv"));

  it("gives the documented counts, assets, range and amounts bought", () => {
    expect(read.format).toBe("bitpanda");
    expect(read.account).toBe("Bitpanda");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 3, deposit: 4, withdrawal: 4, reward: 1, other: 0 });
    expect(read.summary.assets).toEqual(["AMZN", "BEST", "BTC", "ETH", "EUR", "FTSE100"]);
    expect(read.summary.from).toBe("2022-07-02T06:53:13Z");
    expect(read.summary.to).toBe("2022-08-23T23:32:08Z");
    // Documented (buys only): BTC 0.01329013; AMZN 1.42307692. The summary also counts what a sale brought
    // in: the EUR of the FTSE100 sale.
    expect(read.summary.bought).toMatchObject({ BTC: "0.01329013", AMZN: "1.42307692" });
    expect(read.summary.bought).toEqual({ BTC: "0.01329013", AMZN: "1.42307692", EUR: "129.17" });
  });

  it("reads a crypto buy, a stock buy with its spread noted, and an ETF sale", () => {
    expect(rowAt(read, 10)).toEqual({
      line: 10,
      time: "2022-07-02T07:19:36Z",
      kind: "trade",
      operation: "buy",
      in: { asset: "BTC", amount: "0.01329013" },
      out: { asset: "EUR", amount: "250" },
      fees: [],
      externalId: "T8123f94c-2580-4129-ae62-***********",
    });
    expect(rowAt(read, 9)).toMatchObject({
      in: { asset: "AMZN", amount: "1.42307692" },
      out: { asset: "EUR", amount: "150" },
      fees: [],
      note: "Stock (derivative); spread 0.15 EUR included in the price",
    });
    expect(rowAt(read, 17)).toMatchObject({
      kind: "trade",
      operation: "sell",
      out: { asset: "FTSE100", amount: "15" },
      in: { asset: "EUR", amount: "129.17" },
    });
  });

  it("reads deposits and withdrawals with their fees, and the BEST transfer as a reward", () => {
    expect(rowAt(read, 8)).toEqual({
      line: 8,
      time: "2022-07-02T06:53:13Z",
      kind: "deposit",
      operation: "deposit",
      in: { asset: "EUR", amount: "1000" },
      fees: [{ asset: "EUR", amount: "17.69" }],
      externalId: "F48a0adaa-824f-4753-8e2e-***********",
    });
    expect(rowAt(read, 15)).toMatchObject({
      kind: "withdrawal",
      out: { asset: "ETH", amount: "0.34905088" },
      fees: [{ asset: "ETH", amount: "0.00100136" }],
    });
    expect(rowAt(read, 19)).toMatchObject({ kind: "withdrawal", out: { asset: "EUR", amount: "1197.7" }, fees: [] });
    expect(rowAt(read, 11)).toMatchObject({
      kind: "reward",
      operation: "transfer",
      in: { asset: "BEST", amount: "0.00869699" },
      fees: [],
    });
  });
});

describe("the Bitpanda CRLF file (more/)", () => {
  it("reads its rows (USD, metals, winter offsets) and refuses its cut last line", () => {
    const read = readOk(exchangeSample("more/bitpanda-trades-crlf.csv"));
    expect(read.format).toBe("bitpanda");
    expect(read.refused).toEqual([{ line: 21, problem: "missing-field", detail: "Spread Currency" }]);
    expect(read.summary.rows).toEqual({ trade: 9, deposit: 3, withdrawal: 1, reward: 0, other: 0 });
    expect(rowAt(read, 8)?.time).toBe("2020-06-13T11:16:15Z");
    expect(rowAt(read, 10)).toMatchObject({ kind: "withdrawal", out: { asset: "USD", amount: "200" } });
    expect(rowAt(read, 13)).toMatchObject({ kind: "deposit", in: { asset: "XRP", amount: "145.934453" }, fees: [] });
    expect(rowAt(read, 18)).toMatchObject({ in: { asset: "Silver", amount: "549.11934315" }, note: "Metal" });
  });
});

describe("the later Bitpanda layout", () => {
  it("reads the 18 columns with `Fee percent` and `Tax Fiat`, an outgoing transfer as an internal move", () => {
    const text =
      '"Transaction ID",Timestamp,"Transaction Type",In/Out,"Amount Fiat",Fiat,"Amount Asset",Asset,"Asset market price","Asset market price currency","Asset class","Product ID",Fee,"Fee asset","Fee percent",Spread,"Spread Currency","Tax Fiat"\n' +
      "Tx1,2024-01-15T10:00:00+01:00,buy,outgoing,100.00,EUR,0.00250000,BTC,40000.00,EUR,Cryptocurrency,1,0.00000375,BTC,0.15%,-,-,0.00\n" +
      "Tx2,2024-02-01T12:00:00+01:00,transfer,outgoing,0.00,EUR,0.00100000,BTC,41000.00,EUR,Cryptocurrency,1,-,-,-,-,-,0.00\n";
    const read = readOk(bytes(text));
    expect(read.format).toBe("bitpanda");
    expect(read.rows.map((r) => [r.time, r.kind, r.in, r.out, r.fees])).toEqual([
      [
        "2024-01-15T09:00:00Z",
        "trade",
        { asset: "BTC", amount: "0.0025" },
        { asset: "EUR", amount: "100" },
        [{ asset: "BTC", amount: "0.00000375" }],
      ],
      ["2024-02-01T11:00:00Z", "other", undefined, { asset: "BTC", amount: "0.001" }, []],
    ]);
  });
});

describe("a damaged Bitpanda file", () => {
  it("refuses a bad number, a bad time, an unknown type and a cut last line, and reads the rest", () => {
    const lines = sampleText().split("\n");
    lines[9] = (lines[9] as string).replace("2022-07-02T09:19:36+02:00", "2022-07-02 09:19");
    lines[10] = (lines[10] as string).replace(",transfer,", ",swap,");
    lines[18] = "F542dc58a-c88e-45d5-9f00-***********,2022-08-24T01:32:08+02:00,withdrawal";
    const read = readOk(bytes(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 10, problem: "bad-time", detail: "2022-07-02 09:19" },
      { line: 11, problem: "unknown-operation", detail: "swap incoming" },
      { line: 19, problem: "short-line" },
    ]);
    expect(read.summary.rows).toEqual({ trade: 2, deposit: 4, withdrawal: 3, reward: 0, other: 0 });
  });

  it("refuses an amount that is not a number", () => {
    const lines = sampleText().split("\n");
    lines[9] = (lines[9] as string).replace("0.01329013", "0.0132901x");
    const read = readOk(bytes(lines.join("\n")));
    expect(read.refused).toEqual([{ line: 10, problem: "bad-number", detail: "0.0132901x" }]);
  });
});
