/**
 * Binance's Transaction History read as the samples' documentation counts it: a trade is every trade line of
 * one second and account, one per coin received, fills and fee lines (BNB) included; identical lines
 * are separate fills; the three damaged lines are refused with their line and reason. The newer
 * header, quoted fields and a BOM read alike; the "Buy Crypto" history is read as card purchases.
 */
import { describe, expect, it } from "vitest";
import type { ReadExport } from "../src/imports/read-export.ts";
import { bytes, exchangeSample, readOk } from "./support/exchange-samples.ts";

const sampleText = () => new TextDecoder().decode(exchangeSample("binance-transaction-history.csv"));

const rowAt = (read: ReadExport, line: number) => read.rows.filter((r) => r.line === line);

describe("the Binance transaction history sample", () => {
  const read = readOk(exchangeSample("binance-transaction-history.csv"));

  it("gives the documented counts, assets, range and amounts bought", () => {
    expect(read.format).toBe("binance");
    expect(read.account).toBe("Binance");
    expect(read.summary.rows).toEqual({ trade: 24, deposit: 2, withdrawal: 1, reward: 10, other: 20 });
    expect(read.summary.assets).toEqual(
      "AXS BETH BNB BTC BUSD DAR ETH EUR HIGH IOTA KNC MATIC SOL SUI USDC USDT ZRX".split(" "),
    );
    expect(read.summary.from).toBe("2020-10-28T22:03:03Z");
    expect(read.summary.to).toBe("2025-11-20T12:54:15Z");
    // Documented: HIGH 2011.67800000; IOTA 1764; USDT 6293.64900000 (exact values; trailing zeros are not kept).
    expect(read.summary.bought).toMatchObject({ HIGH: "2011.678", IOTA: "1764", USDT: "6293.649" });
    expect(read.summary.bought).toEqual({
      AXS: "1.19592356",
      BNB: "0.578409125",
      BTC: "0.20388556804439999",
      BUSD: "479.6780028",
      ETH: "35.64109574",
      HIGH: "2011.678",
      IOTA: "1764",
      MATIC: "140.1195285",
      USDT: "6293.649",
      ZRX: "60",
    });
  });

  it("refuses the three damaged lines with their reason and reads the rest", () => {
    expect(read.refused).toEqual([
      { line: 5, problem: "missing-time" },
      { line: 6, problem: "missing-field", detail: "Coin" },
      { line: 42, problem: "unknown-operation", detail: "ABC" },
    ]);
  });

  it("makes one trade of a purchase's fill lines and fee lines, the fee in BNB kept as its own leg", () => {
    expect(rowAt(read, 17)).toEqual([
      {
        line: 17,
        time: "2020-11-03T21:12:59Z",
        kind: "trade",
        operation: "Buy",
        in: { asset: "ETH", amount: "0.09825" },
        out: { asset: "EUR", amount: "392.299062" },
        fees: [
          { asset: "BNB", amount: "0.00009009" },
          { asset: "ETH", amount: "0.00008345" },
        ],
      },
    ]);
    // A spreadsheet's 3.605E-05 is read exactly.
    expect(rowAt(read, 10)[0]?.fees).toEqual([{ asset: "ETH", amount: "0.00003605" }]);
  });

  it("sums the 93 fill lines of one order into one trade, identical fills not merged away", () => {
    const [high] = rowAt(read, 89);
    expect(high).toMatchObject({
      kind: "trade",
      operation: "Transaction Buy",
      in: { asset: "HIGH", amount: "2011.678" },
      out: { asset: "BTC", amount: "0.14999997" },
      fees: [{ asset: "HIGH", amount: "2.011678" }],
    });
    // 2025-11-10: the same Sell/Buy/Fee lines twice are two fills: 2 x 30 ZRX.
    expect(rowAt(read, 195)[0]).toMatchObject({
      in: { asset: "ZRX", amount: "60" },
      out: { asset: "ETH", amount: "0.0627012" },
      fees: [{ asset: "ZRX", amount: "0.06" }],
    });
  });

  it("makes one trade per coin received in one second, saying the spent side is not split in the file", () => {
    const trades = read.rows.filter((r) => r.time === "2025-10-29T18:36:00Z");
    expect(trades.map((r) => [r.line, r.in])).toEqual([
      [186, { asset: "ETH", amount: "0.003" }],
      [190, { asset: "BTC", amount: "0.00007" }],
    ]);
    expect(trades[0]).toMatchObject({
      out: { asset: "EUR", amount: "16.7170236" },
      fees: [{ asset: "BNB", amount: "0.00001334" }],
    });
    expect(trades[1]?.out).toBeUndefined();
    for (const t of trades) expect(t.note).toContain("line 186");
  });

  it("reads a card purchase (Buy Crypto), rewards, a repeated reward, a withdrawal and internal moves", () => {
    expect(rowAt(read, 71)[0]).toMatchObject({ kind: "trade", operation: "Buy Crypto", in: { asset: "BUSD" } });
    expect(rowAt(read, 71)[0]?.out).toBeUndefined();
    const locked = read.rows.filter((r) => r.operation === "Simple Earn Locked Rewards");
    expect(locked).toEqual(
      [59, 62].map((line) => ({
        line,
        time: "2023-01-13T05:29:00Z",
        kind: "reward",
        operation: "Simple Earn Locked Rewards",
        in: { asset: "MATIC", amount: "0.00001605" },
        fees: [],
        note: "Binance Earn",
      })),
    );
    expect(rowAt(read, 41)).toEqual([
      {
        line: 41,
        time: "2020-12-01T20:06:44Z",
        kind: "withdrawal",
        operation: "Withdraw",
        out: { asset: "KNC", amount: "0.16" },
        fees: [],
        note: "Withdraw fee is included",
      },
    ]);
    expect(rowAt(read, 52)[0]).toMatchObject({ kind: "other", out: { asset: "USDT", amount: "500" } });
    expect(rowAt(read, 80)[0]).toMatchObject({ kind: "other", operation: "Funding Fee" });
    for (const row of read.rows) expect(row.externalId).toBeUndefined();
  });
});

describe("a damaged Binance file", () => {
  it("refuses a cut last line, a bad number and a bad time by line, and reads the rest", () => {
    const lines = sampleText().split("\n");
    lines[9] = (lines[9] as string).replace("-3.605E-05", "-3.6O5E-05");
    lines[14] = (lines[14] as string).replace("2020-11-01", "2020-13-01");
    lines[230] = "1,2025-11-20 12:54:15,Spot,Transaction Sp";
    const read = readOk(bytes(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 5, problem: "missing-time" },
      { line: 6, problem: "missing-field", detail: "Coin" },
      { line: 10, problem: "bad-number", detail: "-3.6O5E-05" },
      { line: 15, problem: "bad-time", detail: "2020-13-01 09:36:13" },
      { line: 42, problem: "unknown-operation", detail: "ABC" },
      { line: 231, problem: "short-line" },
    ]);
    expect(read.summary.rows).toEqual({ trade: 24, deposit: 2, withdrawal: 1, reward: 9, other: 20 });
    expect(rowAt(read, 201)[0]?.out).toEqual({ asset: "ZRX", amount: "25621" });
  });
});

describe("other Binance layouts", () => {
  it("reads every field quoted, with a BOM and CRLF", () => {
    const text =
      '\uFEFF"User_ID","UTC_Time","Account","Operation","Coin","Change","Remark"\r\n' +
      '"1","2023-09-29 09:56:26","Spot","Transaction Buy","ETH","0.01700000",""\r\n' +
      '"1","2023-09-29 09:56:26","Spot","Transaction Fee","BNB","-0.00009883",""\r\n' +
      '"1","2023-09-29 09:56:26","Spot","Transaction Spend","USDT","-28.46106000",""\r\n';
    const read = readOk(bytes(text));
    expect(read.rows).toEqual([
      {
        line: 2,
        time: "2023-09-29T09:56:26Z",
        kind: "trade",
        operation: "Transaction Buy",
        in: { asset: "ETH", amount: "0.017" },
        out: { asset: "USDT", amount: "28.46106" },
        fees: [{ asset: "BNB", amount: "0.00009883" }],
      },
    ]);
  });

  it("reads the newer `User ID,Time` header with two-digit years, the time kept without a zone", () => {
    const text =
      "User ID,Time,Account,Operation,Coin,Change,Remark\n" +
      "123,24-03-05 08:15:00,Spot,Deposit,USDT,100,\n" +
      "123,24-03-05 09:00:00,Spot,Simple Earn Flexible Interest,USDT,0.0012,\n";
    const read = readOk(bytes(text));
    expect(read.rows.map((r) => [r.time, r.kind, r.in])).toEqual([
      ["2024-03-05T08:15:00", "deposit", { asset: "USDT", amount: "100" }],
      ["2024-03-05T09:00:00", "reward", { asset: "USDT", amount: "0.0012" }],
    ]);
  });

  it("keeps a second coin swept into BNB in the same second as its own out row, and a lone fee line as other", () => {
    const text =
      "User_ID,UTC_Time,Account,Operation,Coin,Change,Remark\n" +
      "1,2021-05-01 10:00:00,Spot,Small assets exchange BNB,SOL,-0.002,\n" +
      "1,2021-05-01 10:00:00,Spot,Small assets exchange BNB,BNB,0.0007,\n" +
      "1,2021-05-01 10:00:00,Spot,Small assets exchange BNB,DOGE,-3,\n" +
      "1,2021-05-01 10:00:00,Spot,Small assets exchange BNB,BNB,0.0002,\n" +
      "1,2021-05-02 10:00:00,Spot,Fee,BNB,-0.0001,\n";
    const read = readOk(bytes(text));
    expect(read.rows.map((r) => [r.line, r.kind, r.out, r.in])).toEqual([
      [2, "trade", { asset: "SOL", amount: "0.002" }, { asset: "BNB", amount: "0.0009" }],
      [2, "trade", { asset: "DOGE", amount: "3" }, undefined],
      [6, "other", { asset: "BNB", amount: "0.0001" }, undefined],
    ]);
  });

  it("reads the Buy Crypto history (more/): card payment without its fee, the fee, the coin, the order id", () => {
    const read = readOk(exchangeSample("more/binance-buy-crypto-history.csv"));
    expect(read.format).toBe("binance");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 3, deposit: 0, withdrawal: 0, reward: 0, other: 0 });
    expect(read.rows[0]).toEqual({
      line: 2,
      time: "2021-01-30T23:59:59Z",
      kind: "trade",
      operation: "Debit Card",
      out: { asset: "CAD", amount: "490" },
      in: { asset: "USDT", amount: "374.69991101" },
      fees: [{ asset: "CAD", amount: "10" }],
      externalId: "000000000000000000000000000000a0",
    });
    expect(read.summary.bought).toEqual({ USDT: "374.69991101", ETH: "1.55594", BTC: "0.00975" });
  });

  it("skips a Buy Crypto purchase that did not complete, its time still in the range", () => {
    const text =
      "Date(UTC),Method,Amount,Price,Fees,Final Amount,Status,Transaction ID\n" +
      "2021-01-30 10:00:00,Credit Card,100.00 EUR,30000 BTC/EUR,2.00 EUR,0.00326667 BTC,Completed,x1\n" +
      "2021-02-01 10:00:00,Credit Card,100.00 EUR,30000 BTC/EUR,2.00 EUR,0.00326667 BTC,Failed,x2\n";
    const read = readOk(bytes(text));
    expect(read.rows.map((r) => r.externalId)).toEqual(["x1"]);
    expect(read.summary.to).toBe("2021-02-01T10:00:00Z");
  });
});
