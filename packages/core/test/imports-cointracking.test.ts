/**
 * CoinTracking trade list: the sample's counts (the samples' documentation), columns by position under the
 * three `Cur.` headers, local times without a zone, `-` for no amount; a file in another date layout is
 * refused, not guessed; a damaged line is refused with its number and the rest read.
 */
import { describe, expect, it } from "vitest";
import { readCsvTable } from "../src/imports/csv-table.ts";
import { cointrackingFormat } from "../src/imports/formats/cointracking.ts";
import { readExport } from "../src/imports/read-export.ts";
import { exchangeSample, readOk, rowAt } from "./support/exchange-samples.ts";

const SAMPLE = "cointracking-trade-list.csv";

describe("the CoinTracking trade list", () => {
  it("gives the reference counts, assets, range and amounts bought", () => {
    const read = readOk(exchangeSample(SAMPLE));
    expect(read.format).toBe("cointracking");
    expect(read.account).toBe("CoinTracking");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 2, deposit: 3, withdrawal: 2, reward: 4, other: 1 });
    expect(read.summary.assets).toEqual(["ADS", "AXS", "BTC", "ETH", "EUR", "XMR"]);
    // The account's time zone is not in the file: times as written, without a zone.
    expect(read.summary.from).toBe("2019-08-15T05:57:04");
    expect(read.summary.to).toBe("2022-02-08T11:29:00");
    // Documented: BTC 0.00000000 (a test trade that bought nothing), exact as 0.
    expect(read.summary.bought).toEqual({ ETH: "0.05772716", BTC: "0" });
  });

  it("reads buy, sell and fee sides by position and `-` as no amount", () => {
    const read = readOk(exchangeSample(SAMPLE));
    expect(rowAt(read, 8)).toEqual({
      line: 8,
      time: "2019-08-24T23:01:59",
      kind: "trade",
      operation: "Trade",
      in: { asset: "ETH", amount: "0.05772716" },
      out: { asset: "EUR", amount: "10.99" },
      fees: [{ asset: "EUR", amount: "0.02" }],
      note: "Exchange: Coinbase",
    });
    expect(rowAt(read, 2)).toMatchObject({
      kind: "withdrawal",
      out: { asset: "ETH", amount: "0.001367" },
      fees: [{ asset: "ETH", amount: "0.0001" }],
    });
    expect(rowAt(read, 2)?.in).toBeUndefined();
    expect(rowAt(read, 4)).toMatchObject({
      kind: "other",
      operation: "Gift/Tip",
      in: { asset: "BTC", amount: "0.001" },
    });
    // The repeated Staking row is two rows.
    expect(read.rows.filter((r) => r.operation === "Staking" && r.in?.asset === "AXS")).toHaveLength(2);
  });

  it("refuses a file in another date layout (month and day order unknown) instead of guessing", () => {
    const custom = exchangeSample("more/cointracking-trade-list-custom-dates.csv");
    expect(readExport(custom)).toEqual({ ok: false, problem: "no-rows" });
    const table = readCsvTable(new TextDecoder().decode(custom), cointrackingFormat.isHeader);
    if (!table) throw new Error("header not recognised");
    expect(cointrackingFormat.read(table).refused).toEqual([
      { line: 2, problem: "bad-time", detail: "5/9/2017 21:14" },
      { line: 3, problem: "bad-time", detail: "5/9/2017 21:14" },
    ]);
  });

  it("refuses a damaged line with its number and reason and reads the rest", () => {
    const lines = new TextDecoder().decode(exchangeSample(SAMPLE)).split("\n");
    lines[2] = (lines[2] as string).replace('"0.02000000"', '"0.02O"'); // line 3: a bad number
    lines[6] = (lines[6] as string).replace('"Deposit"', '"Teleport"'); // line 7
    lines[12] = '"Staking","1.00000000","AXS","","","",""'; // line 13 cut
    const read = readOk(new TextEncoder().encode(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 3, problem: "bad-number", detail: "0.02O" },
      { line: 7, problem: "unknown-operation", detail: "Teleport" },
      { line: 13, problem: "short-line" },
    ]);
    expect(read.summary.rows).toEqual({ trade: 2, deposit: 1, withdrawal: 2, reward: 3, other: 1 });
  });
});
