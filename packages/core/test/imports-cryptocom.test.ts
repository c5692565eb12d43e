/**
 * Crypto.com App transaction history: the sample's counts (the samples' documentation), the rows a user
 * depends on, the 2024 layout with its Transaction Hash, and a damaged copy read line by line.
 */
import { describe, expect, it } from "vitest";
import { exchangeSample, readOk, rowAt } from "./support/exchange-samples.ts";

const SAMPLE = "cryptocom-app-transactions.csv";

describe("the Crypto.com App export", () => {
  it("gives the reference counts, assets, range and amounts bought", () => {
    const read = readOk(exchangeSample(SAMPLE));
    expect(read.format).toBe("cryptocom");
    expect(read.account).toBe("Crypto.com");
    expect(read.refused).toEqual([]);
    // The dust conversion of 2020-12-15 spent UNI and DOT for one CRO amount: one trade, DOT in alsoOut.
    expect(read.summary.rows).toEqual({ trade: 11, deposit: 2, withdrawal: 2, reward: 8, other: 20 });
    expect(read.summary.assets).toEqual(["BTC", "CRO", "DAI", "DOGE", "DOT", "ETH", "EUR", "MCO", "SOL", "UNI", "USD"]);
    expect(read.summary.from).toBe("2020-07-27T06:59:55Z");
    expect(read.summary.to).toBe("2025-04-18T13:19:44Z");
    // The documentation names CRO, ETH and BTC; MCO, EUR and SOL are the file's other purchases (the counting script lists them).
    expect(read.summary.bought).toEqual({
      CRO: "2876.981177791670431259",
      ETH: "9.13445954600007045",
      BTC: "0.003",
      MCO: "50",
      EUR: "406.22",
      SOL: "10",
    });
  });

  it("reads conversions, card purchases, dust, rewards, transfers and limit orders as the user made them", () => {
    const read = readOk(exchangeSample(SAMPLE));
    expect(rowAt(read, 25)).toMatchObject({
      kind: "trade",
      operation: "crypto_exchange",
      time: "2020-07-31T15:37:07Z",
      out: { asset: "MCO", amount: "12.32" },
      in: { asset: "ETH", amount: "0.14445954600007045" },
      fiatValue: { asset: "EUR", amount: "42.13" },
    });
    // A card purchase names only the crypto; the fiat paid is the native amount.
    expect(rowAt(read, 31)).toMatchObject({
      kind: "trade",
      in: { asset: "ETH", amount: "1" },
      out: { asset: "EUR", amount: "281.14" },
    });
    expect(rowAt(read, 2)).toMatchObject({
      kind: "trade",
      in: { asset: "CRO", amount: "193.02779901061902311" },
      out: { asset: "UNI", amount: "1.3387887" },
    });
    expect(rowAt(read, 2)?.alsoOut).toEqual([{ asset: "DOT", amount: "0.6295092" }]);
    expect(rowAt(read, 4)).toBeUndefined();
    expect(rowAt(read, 24)).toMatchObject({ kind: "reward", in: { asset: "ETH", amount: "0.00061475" } });
    expect(rowAt(read, 12)).toMatchObject({ kind: "withdrawal", out: { asset: "DAI", amount: "115" } });
    expect(rowAt(read, 39)).toMatchObject({ kind: "withdrawal", out: { asset: "CRO", amount: "100" } });
    // A limit order's lock only reserves the cash: no legs; the commit is the fill.
    expect(rowAt(read, 42)).toMatchObject({ kind: "other", fees: [] });
    expect(rowAt(read, 42)?.out).toBeUndefined();
    expect(rowAt(read, 45)).toMatchObject({
      kind: "trade",
      out: { asset: "USD", amount: "5" },
      in: { asset: "SOL", amount: "10" },
    });
    // Staking into a lockup leaves the balance as it is.
    expect(rowAt(read, 27)).toMatchObject({ kind: "other", operation: "lockup_lock" });
    expect(rowAt(read, 27)?.out).toBeUndefined();
  });

  it("reads the 2024 layout with its Transaction Hash column", () => {
    const read = readOk(exchangeSample("more/cryptocom-app-transactions-2024.csv"));
    expect(read.format).toBe("cryptocom");
    expect(read.refused).toEqual([]);
    expect(read.summary.rows).toEqual({ trade: 6, deposit: 2, withdrawal: 0, reward: 49, other: 8 });
    expect(read.rows.find((r) => r.in?.amount === "78.218523")).toMatchObject({
      kind: "deposit",
      in: { asset: "USDT", amount: "78.218523" },
      txHash: "PbpwnQsPbtU6yWXnNRwFrMKXhkxf6TDGm3ic7pV78sC1gL1Wtbu9CrrZWD1yrrjvc2azTvUqpZmHJvee7PB1B27",
    });
    expect(read.rows.find((r) => r.operation === "card_top_up")).toMatchObject({
      kind: "trade",
      out: { asset: "USDT", amount: "235.08" },
      in: { asset: "EUR", amount: "210" },
    });
  });

  it("refuses a damaged line with its number and reason and reads the rest", () => {
    const lines = new TextDecoder().decode(exchangeSample(SAMPLE)).split("\n");
    lines[10] = (lines[10] as string).replace("138.256", "1.3.8"); // line 11: a bad number
    lines[23] = (lines[23] as string).replace("2020-08-03 04:45:34", "2020-08-33 04:45:34"); // line 24
    lines[39] = (lines[39] as string).replace("reimbursement_reverted", "mystery_kind"); // line 40
    lines[48] = "2025-04-18 13:19:44,USD -> ETH,USD,-10.0"; // line 49 cut
    const read = readOk(new TextEncoder().encode(lines.join("\n")));
    expect(read.refused).toEqual([
      { line: 11, problem: "bad-number", detail: "1.3.8" },
      { line: 24, problem: "bad-time", detail: "2020-08-33 04:45:34" },
      { line: 40, problem: "unknown-operation", detail: "mystery_kind" },
      { line: 49, problem: "short-line" },
    ]);
    expect(read.summary.rows).toEqual({ trade: 10, deposit: 2, withdrawal: 2, reward: 6, other: 19 });
    expect(read.summary.to).toBe("2025-04-09T11:24:31Z");
  });
});
