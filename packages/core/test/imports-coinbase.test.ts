/**
 * Coinbase's transaction history read as the samples' documentation counts it: one row per `ID` (the row
 * repeating an ID in USD read once), a Convert's received side taken from its Notes, a Buy as the
 * Subtotal plus its fee, `… UTC` times. The real preamble, the older header without `ID`, the 2025
 * address columns and the Coinbase Pro account statement read too; damaged lines are refused by line.
 */
import { describe, expect, it } from "vitest";
import { bytes, exchangeSample, readOk, rowAt } from "./support/exchange-samples.ts";

const sampleText = () => new TextDecoder().decode(exchangeSample("coinbase-transaction-history.csv"));

describe("the Coinbase transaction history sample", () => {
  const read = readOk(exchangeSample("coinbase-transaction-history.csv"));

  it("gives the documented counts, range and amounts bought", () => {
    expect(read.format).toBe("coinbase");
    expect(read.account).toBe("Coinbase");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 3, deposit: 1, withdrawal: 1, reward: 2, other: 0 });
    // The documented table also lists USD, which only the repeated-ID row (line 9) holds; the counting script reads
    // that row once and drops it, and so does this reader: USD is in no row that is read.
    expect(read.summary.assets).toEqual(["BTC", "ETH", "ETH2", "EUR", "XRP"]);
    expect(read.summary.from).toBe("2022-03-25T06:45:27Z");
    expect(read.summary.to).toBe("2025-01-17T16:57:02Z");
    expect(read.summary.bought).toEqual({ BTC: "0.00166779", XRP: "156.145683", ETH2: "0.17305191" });
  });

  it("reads a Buy as the Subtotal spent plus the fee, once for the two lines sharing its ID", () => {
    expect(rowAt(read, 8)).toEqual({
      line: 8,
      time: "2022-03-25T06:45:27Z",
      kind: "trade",
      operation: "Buy",
      in: { asset: "BTC", amount: "0.00166779" },
      out: { asset: "EUR", amount: "67.01" },
      fees: [{ asset: "EUR", amount: "2.99" }],
      fiatValue: { asset: "EUR", amount: "67.01" },
      externalId: "623d6507925c200001fcbXXX",
      note: "Bought 0.00166779 BTC for 70 EUR; line 9 repeats this ID (in USD): read once",
    });
    expect(rowAt(read, 9)).toBeUndefined();
  });

  it("takes a Convert's received asset and amount from Notes", () => {
    expect(rowAt(read, 6)).toMatchObject({
      kind: "trade",
      operation: "Convert",
      out: { asset: "BTC", amount: "0.00363125" },
      in: { asset: "XRP", amount: "156.145683" },
      fees: [],
      fiatValue: { asset: "EUR", amount: "338.92698" },
    });
  });

  it("reads the ETH2 -> ETH migration as a withdrawal and a deposit, and staking income as rewards", () => {
    expect(rowAt(read, 4)).toMatchObject({
      kind: "withdrawal",
      operation: "Send",
      out: { asset: "ETH2", amount: "0.180914809326" },
      fiatValue: { asset: "EUR", amount: "597.49846" },
    });
    expect(rowAt(read, 5)).toMatchObject({ kind: "deposit", in: { asset: "ETH", amount: "0.180914809326" } });
    expect(rowAt(read, 2)).toEqual({
      line: 2,
      time: "2025-01-17T16:57:02Z",
      kind: "reward",
      operation: "Staking Income",
      in: { asset: "ETH", amount: "0.000037835729" },
      fees: [],
      fiatValue: { asset: "EUR", amount: "0.12649" },
      externalId: "678a8bdefcb176007bfdbXXX",
    });
  });
});

describe("other Coinbase layouts", () => {
  it("reads a real download: preamble, 2025 address columns, a Sell after fees", () => {
    const text =
      ",,,,,,,,,,,,\n" +
      "Transactions\n" +
      "User,Jane Doe,0b1c2d3e-0000-0000-0000-000000000000\n" +
      "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes,Sender Address,Recipient Address\n" +
      "a1,2025-02-01 10:00:00 UTC,Sell,ETH,-0.5,EUR,€3000,€1500.00,€1485.00,€15.00,Sold 0.5 ETH for 1485 EUR,,\n" +
      "a2,2025-02-02 10:00:00 UTC,Send,BTC,-0.01,EUR,€90000,-€900.00,-€900.00,€0.00,Sent 0.01 BTC,,bc1qexampleaddress\n";
    const read = readOk(bytes(text));
    expect(read.format).toBe("coinbase");
    expect(read.rows.map((r) => [r.line, r.kind, r.out, r.in, r.fees, r.address])).toEqual([
      [
        5,
        "trade",
        { asset: "ETH", amount: "0.5" },
        { asset: "EUR", amount: "1485" },
        [{ asset: "EUR", amount: "15" }],
        undefined,
      ],
      [6, "withdrawal", { asset: "BTC", amount: "0.01" }, undefined, [], "bc1qexampleaddress"],
    ]);
  });

  it("reads Advanced Trade: the coin paid on a crypto market from Notes, fee included; fiat markets as a Buy", () => {
    const text =
      "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n" +
      "b1,2025-01-18 14:53:48 UTC,Advanced Trade Buy,BTC,0.00424956,USD,$103882.31,$441.45411,$446.75156,$5.2974493114032,Bought 0.00424956 BTC for 446.7515585950032 USDC on BTC-USDC at 103882.31 USDC/BTC\n" +
      "b2,2025-01-10 09:15:00 UTC,Advanced Trade Sell,SOL,-0.5,EUR,€200.00,€100.00,€99.40,€0.60,Sold 0.5 SOL for 99.40 EUR on SOL-EUR at 200 EUR/SOL\n" +
      "b3,2025-01-13 12:20:53 UTC,Advanced Trade Buy,ETH,0.00000302,EUR,€2279.00,€0.00688,€0.00692,€0.00004129548,Bought ETH\n";
    const read = readOk(bytes(text));
    expect(read.rows.map((r) => [r.kind, r.in, r.out, r.fees])).toEqual([
      ["trade", { asset: "BTC", amount: "0.00424956" }, { asset: "USDC", amount: "446.7515585950032" }, []],
      ["trade", { asset: "EUR", amount: "99.4" }, { asset: "SOL", amount: "0.5" }, [{ asset: "EUR", amount: "0.6" }]],
      [
        "trade",
        { asset: "ETH", amount: "0.00000302" },
        { asset: "EUR", amount: "0.00688" },
        [{ asset: "EUR", amount: "0.00004129548" }],
      ],
    ]);
  });

  it("reads the older 2021-2023 header without ID, ISO times and the fiat named in the column names", () => {
    const older =
      "Transactions\n" +
      "User,Jane Doe,0b1c2d3e\n" +
      "Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n" +
      "2022-05-03T08:00:00Z,Buy,ETH,0.1,EUR,2800,280.00,284.00,4.00,Bought 0.1 ETH for €284.00 EUR\n" +
      "2022-06-01T09:30:00Z,Coinbase Earn,XLM,10,EUR,0.12,1.20,1.20,0.00,Received 10 XLM from Coinbase Earn\n";
    const read = readOk(bytes(older));
    expect(read.rows.map((r) => [r.time, r.kind, r.in, r.out, r.fees, r.externalId])).toEqual([
      [
        "2022-05-03T08:00:00Z",
        "trade",
        { asset: "ETH", amount: "0.1" },
        { asset: "EUR", amount: "280" },
        [{ asset: "EUR", amount: "4" }],
        undefined,
      ],
      ["2022-06-01T09:30:00Z", "reward", { asset: "XLM", amount: "10" }, undefined, [], undefined],
    ]);
    const oldest =
      "Timestamp,Transaction Type,Asset,Quantity Transacted,EUR Spot Price at Transaction,EUR Subtotal,EUR Total (inclusive of fees),EUR Fees,Notes\n" +
      "2021-01-05T10:00:00Z,Buy,BTC,0.01,30000,300.00,304.50,4.50,\n";
    expect(readOk(bytes(oldest)).rows[0]).toMatchObject({
      in: { asset: "BTC", amount: "0.01" },
      out: { asset: "EUR", amount: "300" },
      fees: [{ asset: "EUR", amount: "4.5" }],
    });
  });

  it("reads the Coinbase Pro account statement (more/): one trade per fill, its fee line included", () => {
    const read = readOk(exchangeSample("more/coinbasepro-account-statement.csv"));
    expect(read.format).toBe("coinbase");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 5, deposit: 4, withdrawal: 2, reward: 0, other: 0 });
    expect(read.summary.from).toBe("2018-03-15T10:42:31Z");
    expect(rowAt(read, 3)).toEqual({
      line: 3,
      time: "2018-03-15T10:55:12Z",
      kind: "trade",
      operation: "match",
      in: { asset: "ETH", amount: "52.3" },
      out: { asset: "BTC", amount: "1.14732" },
      fees: [{ asset: "BTC", amount: "0.00344196" }],
      externalId: "10201",
      note: "order b2c3d4e5-6789-abcd-ef01-222222222222",
    });
    expect(rowAt(read, 10)).toMatchObject({ kind: "withdrawal", out: { asset: "ETH", amount: "208.041" } });
  });
});

describe("a damaged Coinbase file", () => {
  it("refuses a bad number, a bad time, an unknown type, a missing Convert note and a cut last line", () => {
    const lines = sampleText().split("\n");
    lines[1] = (lines[1] as string).replace("0.000037835729", "0.0000378357x9");
    lines[2] = (lines[2] as string).replace("2025-01-14", "2025-01-41");
    lines[3] = (lines[3] as string).replace(",Send,", ",Airdrop Thing,");
    lines[4] = (lines[4] as string).replace(/Received .*$/, "");
    lines[5] = (lines[5] as string).replace(/Converted .*$/, "Converted");
    lines[8] = "623d6507925c200001fcbXXX,2022-03-25 06:45:27 UTC,Buy,BTC,0.00166779,USD,$3999";
    const read = readOk(bytes(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 2, problem: "bad-number", detail: "0.0000378357x9" },
      { line: 3, problem: "bad-time", detail: "2025-01-41 16:36:01 UTC" },
      { line: 4, problem: "unknown-operation", detail: "Airdrop Thing" },
      { line: 6, problem: "missing-field", detail: "Notes" },
      { line: 9, problem: "short-line" },
    ]);
    expect(read.summary.rows).toEqual({ trade: 2, deposit: 1, withdrawal: 0, reward: 0, other: 0 });
    expect(rowAt(read, 8)?.note).toBe("Bought 0.00166779 BTC for 70 EUR");
  });
});
