/**
 * Bitvavo's transaction history read as the samples' documentation counts it: `Date` + `Time` in the zone of
 * the `Timezone` column converted to UTC (winter and summer time, milliseconds), buys and sells with
 * their EUR fee, withdrawals with the coin fee and address, staking as rewards, float artefacts kept
 * exactly. Canceled rows are skipped; damaged lines are refused by line.
 */
import { describe, expect, it } from "vitest";
import { bytes, exchangeSample, readOk, rowAt } from "./support/exchange-samples.ts";

const sampleText = () => new TextDecoder().decode(exchangeSample("bitvavo-transactions.csv"));

describe("the Bitvavo transactions sample", () => {
  const read = readOk(exchangeSample("bitvavo-transactions.csv"));

  it("gives the documented counts, assets, range and amounts bought", () => {
    expect(read.format).toBe("bitvavo");
    expect(read.account).toBe("Bitvavo");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 12, deposit: 7, withdrawal: 6, reward: 9, other: 0 });
    expect(read.summary.assets).toEqual(["ADA", "BTC", "ETH", "EUR", "USDT", "XLM"]);
    expect(read.summary.from).toBe("2022-10-31T13:59:07Z");
    expect(read.summary.to).toBe("2023-11-30T10:37:41Z");
    // Documented (buys only): ETH 0.01852796; BTC 0.00279063; USDT 32.156874. The summary also counts the
    // EUR the two sales brought in (24.63 + 12.45).
    expect(read.summary.bought).toMatchObject({ ETH: "0.01852796", BTC: "0.00279063", USDT: "32.156874" });
    expect(read.summary.bought).toEqual({ ETH: "0.01852796", BTC: "0.00279063", USDT: "32.156874", EUR: "37.08" });
  });

  it("reads a buy with its EUR fee, its Amsterdam winter time with milliseconds in UTC", () => {
    expect(rowAt(read, 3)).toEqual({
      line: 3,
      time: "2023-11-30T10:36:46Z",
      kind: "trade",
      operation: "buy",
      in: { asset: "ETH", amount: "0.0053543" },
      out: { asset: "EUR", amount: "10" },
      fees: [{ asset: "EUR", amount: "0.02600996" }],
      externalId: "953ddfc4-3127-4210-9654-4edb61dcc851",
    });
    expect(rowAt(read, 22)).toMatchObject({
      operation: "sell",
      out: { asset: "XLM", amount: "286.98" },
      in: { asset: "EUR", amount: "24.63" },
      fees: [{ asset: "EUR", amount: "0.06376806" }],
    });
  });

  it("reads a summer-time withdrawal with its coin fee and address, and a float artefact exactly", () => {
    expect(rowAt(read, 11)).toEqual({
      line: 11,
      time: "2023-05-19T09:10:52Z",
      kind: "withdrawal",
      operation: "withdrawal",
      out: { asset: "BTC", amount: "0.0009999" },
      fees: [{ asset: "BTC", amount: "0.0002" }],
      externalId: "8cf76bc7-5ed5-41c6-92b8-640b27493f36",
      address: "1MNmb4nKSKwNh9JxpxcXbjLGswRjvBcWqM",
    });
    expect(rowAt(read, 24)?.out).toEqual({ asset: "USDT", amount: "32.156874000000003" });
  });

  it("reads a bank deposit with the masked account in the note, and staking as a reward", () => {
    expect(rowAt(read, 4)).toMatchObject({
      kind: "deposit",
      in: { asset: "EUR", amount: "10" },
      fees: [],
      note: "bank account NL12***34",
    });
    expect(rowAt(read, 4)?.address).toBeUndefined();
    expect(rowAt(read, 29)).toEqual({
      line: 29,
      time: "2022-11-14T09:48:35Z",
      kind: "reward",
      operation: "staking",
      in: { asset: "ADA", amount: "0.120549" },
      fees: [],
      externalId: "382b7971-12c3-41dc-a408-846e8bb71268",
    });
  });
});

describe("a damaged Bitvavo file", () => {
  it("refuses a bad number, a bad time, an unknown zone, an unknown type and a cut last line", () => {
    const lines = sampleText().split("\n");
    lines[2] = (lines[2] as string).replace("0.0053543", "0.0053S43");
    lines[4] = (lines[4] as string).replace("11:32:10.174", "11:32");
    lines[5] = (lines[5] as string).replace("2023-11-30", "2023-11-31");
    lines[6] = (lines[6] as string).replace("Europe/Amsterdam", "Europe/Atlantis");
    lines[7] = (lines[7] as string).replace(",buy,", ",rebate,");
    lines[34] = "Europe/Amsterdam,2022-10-31,14:59:07,staking,ADA";
    const read = readOk(bytes(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 3, problem: "bad-number", detail: "0.0053S43" },
      { line: 6, problem: "bad-time", detail: "2023-11-31 11:31:40.720 Europe/Amsterdam" },
      { line: 7, problem: "bad-time", detail: "2023-11-30 11:30:47 Europe/Atlantis" },
      { line: 8, problem: "unknown-operation", detail: "rebate" },
      { line: 35, problem: "short-line" },
    ]);
    // `11:32` without seconds is still a time.
    expect(rowAt(read, 5)?.time).toBe("2023-11-30T10:32:00Z");
    expect(read.summary.rows).toEqual({ trade: 9, deposit: 6, withdrawal: 6, reward: 8, other: 0 });
  });

  it("skips a canceled row, its time still bounding the range", () => {
    const text =
      "Timezone,Date,Time,Type,Currency,Amount,Quote Currency,Quote Price,Received / Paid Currency,Received / Paid Amount,Fee currency,Fee amount,Status,Transaction ID,Address\n" +
      "Europe/Amsterdam,2024-07-01,12:00:00,deposit,EUR,50,,,,,EUR,0,Completed,d1,NL12***34\n" +
      "Europe/Amsterdam,2024-07-02,12:00:00,withdrawal,EUR,-50,,,,,EUR,0,Canceled,w1,NL12***34\n";
    const read = readOk(bytes(text));
    expect(read.rows.map((r) => r.externalId)).toEqual(["d1"]);
    expect(read.summary.to).toBe("2024-07-02T10:00:00Z");
  });
});
