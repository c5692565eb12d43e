/**
 * Koinly universal import format (no public sample: a small file written here), and the exports of
 * tools the importers do not read, which are refused as unknown formats.
 */
import { describe, expect, it } from "vitest";
import { readExport } from "../src/imports/read-export.ts";
import { exchangeSample, readOk } from "./support/exchange-samples.ts";

const HEADER =
  "Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash";
const FILE = [
  HEADER,
  "2023-03-01 10:00:00,1000,EUR,0.05,BTC,1.5,EUR,1000,EUR,,Bought BTC,",
  "2023-03-02 11:30:00 UTC,,,2.5,ETH,,,,,,From my wallet,0xabc123",
  "2023-03-03 12:00,0.01,BTC,,,0.0001,BTC,,,,To cold storage,bc1qtxhash",
  "2023-03-04 00:00:00,,,0.12,ETH,,,200.5,EUR,staking,Kraken staking,",
  "2023-03-05 00:00:00,0.5,ETH,,,,,,,gift,For a friend,",
  "2023-03-06 00:00:00,,,10,DOT,,,,,teleport,?,",
  "2023-13-07 00:00:00,,,1,DOT,,,,,,,",
  "2023-03-08 00:00:00,,,1.2.3,DOT,,,,,,,",
].join("\n");

describe("a Koinly universal-format file", () => {
  const read = readOk(new TextEncoder().encode(FILE));

  it("is recognised and counted: trades both sides, deposits and withdrawals one side, labels decide the rest", () => {
    expect(read.format).toBe("koinly");
    expect(read.account).toBe("Koinly");
    expect(read.summary.rows).toEqual({ trade: 1, deposit: 1, withdrawal: 1, reward: 1, other: 1 });
    expect(read.summary.assets).toEqual(["BTC", "ETH", "EUR"]);
    expect(read.summary.from).toBe("2023-03-01T10:00:00Z");
    expect(read.summary.to).toBe("2023-03-05T00:00:00Z");
    expect(read.summary.bought).toEqual({ BTC: "0.05" });
  });

  it("reads the legs, fees, value, hash and description of each row", () => {
    expect(read.rows[0]).toEqual({
      line: 2,
      time: "2023-03-01T10:00:00Z",
      kind: "trade",
      operation: "trade",
      out: { asset: "EUR", amount: "1000" },
      in: { asset: "BTC", amount: "0.05" },
      fees: [{ asset: "EUR", amount: "1.5" }],
      fiatValue: { asset: "EUR", amount: "1000" },
      note: "Bought BTC",
    });
    expect(read.rows[2]).toMatchObject({
      line: 4,
      time: "2023-03-03T12:00:00Z",
      kind: "withdrawal",
      out: { asset: "BTC", amount: "0.01" },
      fees: [{ asset: "BTC", amount: "0.0001" }],
      txHash: "bc1qtxhash",
    });
    expect(read.rows[3]).toMatchObject({ kind: "reward", operation: "staking", in: { asset: "ETH", amount: "0.12" } });
  });

  it("refuses an unknown label, a bad time and a bad number with their lines", () => {
    expect(read.refused).toEqual([
      { line: 7, problem: "unknown-operation", detail: "teleport" },
      { line: 8, problem: "bad-time", detail: "2023-13-07 00:00:00" },
      { line: 9, problem: "bad-number", detail: "1.2.3" },
    ]);
  });
});

describe("exports of tools the importers do not read", () => {
  it("are refused whole as unknown formats, their header named", () => {
    for (const name of [
      "more/coinledger-transactions.csv",
      "more/nexo-transactions.csv",
      "more/relai-transactions.csv",
      "more/revolut-crypto-statement.csv",
      "more/uphold-transaction-history.csv",
    ]) {
      const read = readExport(exchangeSample(name));
      expect(read, name).toMatchObject({ ok: false, problem: "unknown-format" });
      const firstLine = new TextDecoder()
        .decode(exchangeSample(name))
        .replace(/^\uFEFF/, "")
        .split(/\r?\n/)[0];
      if (!read.ok) expect(read.detail, name).toBe(firstLine);
    }
  });
});
