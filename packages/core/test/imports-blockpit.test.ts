/**
 * Blockpit transaction export: the sample's counts (the samples' documentation), `;` delimiter, times
 * without a zone, ids Excel turned into `1,55444E+13` left out, a damaged line refused and the rest read.
 */
import { describe, expect, it } from "vitest";
import { exchangeSample, readOk, rowAt } from "./support/exchange-samples.ts";

const SAMPLE = "blockpit-transactions.csv";
const HEADER =
  "Blockpit ID;Timestamp;Source Type;Source Name;Integration;Transaction Type;Outgoing Asset;Outgoing Amount;Incoming Asset;Incoming Amount;Fee Asset;Fee Amount;Transaction ID;Note;Merge ID";

describe("the Blockpit export", () => {
  it("gives the reference counts, assets, range and amounts bought", () => {
    const read = readOk(exchangeSample(SAMPLE));
    expect(read.format).toBe("blockpit");
    expect(read.account).toBe("Blockpit");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 3, deposit: 3, withdrawal: 4, reward: 3, other: 4 });
    expect(read.summary.assets).toEqual(["BNB", "EUR", "MATIC", "META", "USDT"]);
    expect(read.summary.from).toBe("2023-01-06T20:08:00");
    expect(read.summary.to).toBe("2023-02-09T15:00:00");
    expect(read.summary.bought).toEqual({ MATIC: "223.7", EUR: "106.1899", BNB: "0.00092036" });
  });

  it("reads the outgoing, incoming and fee sides, hashes of chain rows, and no Excel-mangled id", () => {
    const read = readOk(exchangeSample(SAMPLE));
    expect(rowAt(read, 4)).toMatchObject({
      time: "2023-01-08T12:44:00",
      kind: "trade",
      operation: "Trade",
      out: { asset: "EUR", amount: "168.69217" },
      in: { asset: "MATIC", amount: "223.7" },
      fees: [{ asset: "MATIC", amount: "0.2237" }],
    });
    for (const row of read.rows) expect(row.externalId).toBeUndefined();
    expect(rowAt(read, 2)).toMatchObject({
      kind: "other",
      operation: "Gift",
      out: { asset: "META", amount: "10" },
      fees: [{ asset: "MATIC", amount: "0.001537148341223424" }],
      txHash: "0x000000000000000000000000000000000000dead",
      network: "Polygon",
    });
    expect(rowAt(read, 6)).toMatchObject({
      kind: "withdrawal",
      out: { asset: "BNB", amount: "0.0095" },
      fees: [{ asset: "BNB", amount: "0.0005" }],
    });
    expect(rowAt(read, 17)).toMatchObject({ kind: "reward", operation: "Staking", in: { asset: "MATIC" } });
  });

  it("keeps an id Excel did not touch", () => {
    const file = `${HEADER}\n155444000000123;08.01.2023 01:00;API;Binance;Binance Depot;Staking;;;EUR;0.5;;;;;\n`;
    expect(readOk(new TextEncoder().encode(file)).rows[0]).toMatchObject({
      externalId: "155444000000123",
      kind: "reward",
      in: { asset: "EUR", amount: "0.5" },
    });
  });

  it("refuses a damaged line with its number and reason and reads the rest", () => {
    const lines = new TextDecoder().decode(exchangeSample(SAMPLE)).split("\n");
    lines[3] = (lines[3] as string).replace("223.7", "223,7"); // line 4: a decimal comma is no number here
    lines[10] = (lines[10] as string).replace("08.01.2023 16:24", "08.01.2023 25:24"); // line 11
    lines[17] = "1,66569E+12;09.02.2023 15:00;API;Kraken"; // line 18 cut
    const read = readOk(new TextEncoder().encode(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 4, problem: "bad-number", detail: "223,7" },
      { line: 11, problem: "bad-time", detail: "08.01.2023 25:24" },
      { line: 18, problem: "short-line" },
    ]);
    expect(read.summary.rows).toEqual({ trade: 1, deposit: 3, withdrawal: 4, reward: 2, other: 4 });
    expect(read.summary.to).toBe("2023-02-09T03:25:00");
  });
});
