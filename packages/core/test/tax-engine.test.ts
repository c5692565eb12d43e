import { describe, expect, it } from "vitest";
import { computeTaxReport } from "../src/tax/engine.ts";
import { fixedEurPrices } from "../src/tax/prices.ts";
import { type SimpleEvent, simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";
import type { ComputeOptions, EurPriceLookup, TaxEvent } from "../src/tax/types.ts";

function report(events: SimpleEvent[], opts: ComputeOptions = {}, prices?: EurPriceLookup) {
  const { events: ev, assets } = simpleEventsToTaxEvents(events);
  return computeTaxReport(ev, prices, { assets, ...opts });
}

const buy = (time: string, amount: string, eur: string, extra: Partial<SimpleEvent> = {}): SimpleEvent => ({
  time,
  wallet: "W1",
  type: "buy",
  asset: "A",
  amount,
  eur,
  ...extra,
});
const sell = (time: string, amount: string, eur: string, extra: Partial<SimpleEvent> = {}): SimpleEvent => ({
  time,
  wallet: "W1",
  type: "sell",
  asset: "A",
  amount,
  eur,
  ...extra,
});

describe("Freigrenzen are cliffs", () => {
  it.each([
    [2023, "599.99", "0.00", false],
    [2023, "600", "600.00", true],
    [2024, "999.99", "0.00", false],
    [2024, "1000", "1000.00", true],
  ])("%i: a net gain of %s -> %s taxable", (year, gain, after, crossed) => {
    const r = report(
      [
        buy(`${year}-01-10T12:00:00+01:00`, "1", "100"),
        sell(`${year}-02-10T12:00:00+01:00`, "1", String(100 + Number(gain))),
      ],
      { year },
    );
    const f = r.years[String(year)];
    expect(f?.gainTaxableAfterFreigrenze).toBe(after);
    expect(f?.freigrenze23Crossed).toBe(crossed);
    expect(r.summary.freigrenze23Crossed).toBe(crossed);
  });

  it.each([
    ["255.99", "0.00"],
    ["256", "256.00"],
  ])("income of %s -> %s taxable (§22 Nr. 3)", (eur, after) => {
    const r = report([
      { time: "2024-05-01T12:00:00+02:00", wallet: "W1", type: "income", asset: "R", amount: "1", eur },
    ]);
    expect(r.years["2024"]?.income22AfterFreigrenze).toBe(after);
  });

  it("a net loss stays in gainTaxable and is never taxed", () => {
    const r = report([buy("2024-01-10T12:00:00+01:00", "1", "1000"), sell("2024-02-10T12:00:00+01:00", "1", "400")]);
    expect(r.years["2024"]).toMatchObject({ gainTaxable: "-600.00", gainTaxableAfterFreigrenze: "0.00" });
  });
});

describe("FIFO per wallet", () => {
  it("keeps one queue per wallet, not one across wallets", () => {
    const r = report(
      [
        buy("2023-01-10T12:00:00+01:00", "1", "100", { wallet: "W1" }),
        buy("2024-03-01T12:00:00+01:00", "1", "500", { wallet: "W2" }),
        sell("2024-04-01T12:00:00+02:00", "1", "600", { wallet: "W2" }),
      ],
      { year: 2024 },
    );
    // W2 sells its own lot (bought a month ago), not W1's older one.
    expect(r.years["2024"]).toMatchObject({ gainTaxable: "100.00", gainTaxFree: "0.00" });
    expect(r.holdings.map((h) => [h.wallet, h.acquired])).toEqual([["W1", "2023-01-10"]]);
  });

  it("queues moved lots by their acquisition date", () => {
    const r = report([
      buy("2023-06-01T12:00:00+02:00", "1", "100", { wallet: "W2" }),
      buy("2023-01-01T12:00:00+01:00", "1", "50", { wallet: "W1" }),
      { time: "2023-07-01T12:00:00+02:00", wallet: "W1", type: "transfer", asset: "A", amount: "1", toWallet: "W2" },
      sell("2024-01-15T12:00:00+01:00", "1", "300", { wallet: "W2" }),
    ]);
    // The lot from W1 (January 2023) is older than W2's own (June 2023): it goes first and is tax-free.
    const sale = r.transactions.find((t) => t.kind === "sell");
    expect(sale?.lots.map((l) => [l.acquired, l.cost, l.taxFree])).toEqual([["2023-01-01", "50", true]]);
    expect(r.years["2024"]?.gainTaxFree).toBe("250.00");
  });

  it("reports selling more than held as unknown, never as a negative lot", () => {
    const r = report([buy("2024-01-10T12:00:00+01:00", "1", "100"), sell("2024-02-10T12:00:00+01:00", "3", "600")]);
    const sale = r.transactions.find((t) => t.kind === "sell");
    expect(sale?.lots.map((l) => [l.amount, l.cost, l.gain, l.unknown ?? null])).toEqual([
      ["1", "100", "100", null],
      ["2", null, null, "insufficient-holdings"],
    ]);
    expect(sale?.steuerpflichtig).toBe("unknown");
    expect(r.unknownCosts).toMatchObject([{ reason: "insufficient-holdings", amount: "2" }]);
    expect(r.years["2024"]).toMatchObject({ gainTaxable: "100.00", unknownGains: 1 });
    expect(r.holdings).toEqual([]);
  });

  it("splits the sale fee pro rata by amount and adds purchase fees to the cost", () => {
    const r = report([
      buy("2024-01-10T12:00:00+01:00", "2", "100", { feeEur: "2" }),
      sell("2024-02-10T12:00:00+01:00", "1", "80", { feeEur: "4" }),
    ]);
    const sale = r.transactions.find((t) => t.kind === "sell");
    expect(sale?.lots[0]).toMatchObject({ cost: "51", proceeds: "76", gain: "25" });
    expect(r.holdings[0]).toMatchObject({
      amount: "1",
      cost: "51",
      haltefristEndet: "2025-01-10",
      steuerfreiAb: "2025-01-11",
    });
  });
});

describe("unknowns are listed, never zero", () => {
  it("an arrival from outside has unknown cost; selling it has an unknown gain", () => {
    const r = report([
      { time: "2024-01-10T12:00:00+01:00", wallet: "W1", type: "unknown-in", asset: "X", amount: "10" },
      { time: "2024-02-10T12:00:00+01:00", wallet: "W1", type: "sell", asset: "X", amount: "10", eur: "50" },
    ]);
    expect(r.transactions.map((t) => [t.typ, t.steuerpflichtig])).toEqual([
      ["Unbekannt", "unknown"],
      ["Verkauf", "unknown"],
    ]);
    expect(r.transactions[1]?.lots[0]).toMatchObject({ cost: null, gain: null, unknown: "unknown-cost" });
    expect(r.unknownCosts.map((u) => u.reason)).toEqual(["unknown-cost"]);
    expect(r.years["2024"]?.gainTaxable).toBe("0.00");
    expect(r.years["2024"]?.unknownGains).toBe(1);
  });

  it("prices legs through the lookup and lists missing prices", () => {
    const t0 = Date.parse("2024-01-01T00:00:00Z") / 1000;
    const prices = fixedEurPrices({ A: [[t0, "2.5"]] });
    const r = report(
      [
        { time: "2024-01-10T12:00:00+01:00", wallet: "W1", type: "income", asset: "A", amount: "4" },
        { time: "2024-01-11T12:00:00+01:00", wallet: "W1", type: "income", asset: "B", amount: "4" },
      ],
      {},
      prices,
    );
    expect(r.transactions[0]).toMatchObject({ wertEUR: "10.00", priceSource: "manual", steuerpflichtig: true });
    expect(r.transactions[1]).toMatchObject({ wertEUR: null, missingPrice: true, steuerpflichtig: "unknown" });
    expect(r.missingPrices).toMatchObject([{ asset: "B", what: "income" }]);
    expect(r.years["2024"]?.income22).toBe("10.00");
    expect(r.holdings.find((h) => h.asset === "B")?.cost).toBeNull();
  });
});

describe("report rows", () => {
  it("carries the spec's fields and counts them in the summary", () => {
    const r = report(
      [
        buy("2024-01-10T12:00:00+01:00", "1000", "100"),
        {
          time: "2024-06-01T12:00:00+02:00",
          wallet: "W1",
          type: "swap",
          asset: "A",
          amount: "1000",
          toAsset: "B",
          toAmount: "50",
          eur: "300",
        },
        { time: "2024-07-01T12:00:00+02:00", wallet: "W1", type: "income", asset: "R", amount: "5", eur: "5" },
      ],
      { year: 2024 },
    );
    const [k, t, roi] = r.transactions;
    expect(k).toMatchObject({
      typ: "Kauf",
      coin_name: "A",
      steuerpflichtig: false,
      haltefrist_endet: "2025-01-10",
      wertEUR: "100.00",
    });
    expect(t).toMatchObject({
      typ: "Tausch",
      coin_name: "A → B",
      steuerpflichtig: true,
      haltefrist_endet: "2025-06-01",
      gain: "200",
    });
    expect(t?.block_timestamp).toBe("2024-06-01T10:00:00.000Z");
    expect(roi).toMatchObject({ typ: "ROI", income: "5", steuerpflichtig: true });
    expect(r.summary).toMatchObject({
      total: 3,
      käufe: 1,
      verkäufe: 0,
      tausch: 1,
      roi: 1,
      steuerpflichtig: 2,
      steuerfrei: 1,
      gesamtWertEUR: "405.00",
    });
  });

  it("a year report stops at the year's end and shows that year's rows only", () => {
    const r = report(
      [
        buy("2023-01-10T12:00:00+01:00", "2", "100"),
        sell("2024-02-10T12:00:00+01:00", "1", "80"),
        sell("2025-02-10T12:00:00+01:00", "1", "90"),
      ],
      { year: 2024 },
    );
    expect(r.transactions.map((t) => t.date)).toEqual(["2024-02-10"]);
    expect(Object.keys(r.years)).toEqual(["2023", "2024"]);
    expect(r.holdings).toMatchObject([{ amount: "1", acquired: "2023-01-10" }]);
  });

  it("without rows gives the same figures and holdings", () => {
    const events: SimpleEvent[] = [
      buy("2023-01-10T12:00:00+01:00", "2", "100"),
      sell("2024-02-10T12:00:00+01:00", "1", "80"),
      { time: "2024-03-01T12:00:00+01:00", wallet: "W1", type: "income", asset: "R", amount: "1", eur: "300" },
    ];
    const full = report(events);
    const figures = report(events, { rows: false });
    expect(figures.transactions).toEqual([]);
    expect(figures.years).toEqual(full.years);
    expect(figures.holdings).toEqual(full.holdings);
  });
});

describe("exact values on the fast paths", () => {
  const t0 = Date.parse("2024-01-01T00:00:00Z") / 1000;
  const income = (day: number, asset: string, amount: bigint): TaxEvent => ({
    time: t0 + day * 86_400,
    kind: "income",
    given: [],
    received: [{ wallet: "W1", asset, amount }],
  });
  const decimals: Record<string, number> = { A: 18, B: 18, C: 18, D: 0, X: 6, Y: 3 };
  const assets = (asset: string) => ({ symbol: asset, decimals: decimals[asset] ?? 18 });

  it("values with quotes of any form: many decimals, exponents, integers", () => {
    const quotes: Record<string, string> = {
      A: "0.1234567890123456789012345678901234567891", // more than 36 decimals: rounded to 36
      B: "1e-7",
      C: " 2.50 ",
      D: "2",
    };
    const prices: EurPriceLookup = (asset) => ({ eur: quotes[asset] as string, source: "test" });
    const r = computeTaxReport(
      [
        income(1, "A", 10n ** 18n),
        income(2, "A", 2n * 10n ** 18n),
        income(3, "B", 3n * 10n ** 18n),
        income(4, "C", 10n ** 18n + 1n),
        income(5, "D", 7n),
      ],
      prices,
      { assets },
    );
    expect(r.transactions.map((t) => t.income)).toEqual([
      "0.123456789012345679",
      "0.246913578024691358",
      "0.0000003",
      "2.500000000000000003", // 2.5 EUR + 2.5e-18 EUR: 2.5 atto-euros round up
      "14",
    ]);
  });

  it("writes a lot moved to an asset with other decimals in that asset's decimals", () => {
    const r = computeTaxReport(
      [
        { ...income(1, "X", 1_500_000n), eur: "30" },
        {
          time: t0 + 2 * 86_400,
          kind: "transfer",
          given: [{ wallet: "W1", asset: "X", amount: 1_500_000n }],
          received: [{ wallet: "W1", asset: "Y", amount: 1_500_000n }],
        },
        {
          time: t0 + 3 * 86_400,
          kind: "sell",
          given: [{ wallet: "W1", asset: "Y", amount: 1_000_000n }],
          received: [],
          eur: "40",
        },
        {
          time: t0 + 4 * 86_400,
          kind: "sell",
          given: [{ wallet: "W1", asset: "Y", amount: 500_000n }],
          received: [],
          eur: "20",
        },
      ],
      undefined,
      { assets },
    );
    const [, move, first, second] = r.transactions;
    expect(move?.lots.map((l) => l.amount)).toEqual(["1.5"]);
    expect(first?.lots.map((l) => [l.amount, l.cost, l.gain])).toEqual([["1000", "20", "20"]]);
    expect(second?.lots.map((l) => [l.amount, l.cost, l.gain])).toEqual([["500", "10", "10"]]);
  });

  it("uses the same amount texts for whole lots, split lots and moved lots", () => {
    const r = report([
      buy("2024-01-10T12:00:00+01:00", "1.5", "30"),
      buy("2024-01-11T12:00:00+01:00", "2.25", "45"),
      { time: "2024-02-01T12:00:00+01:00", wallet: "W1", type: "transfer", asset: "A", amount: "2", toWallet: "W2" },
      sell("2024-03-01T12:00:00+01:00", "1.75", "70"),
      { ...sell("2024-03-02T12:00:00+01:00", "2", "80"), wallet: "W2" },
    ]);
    const lots = r.transactions.map((t) => t.lots.map((l) => `${l.use} ${l.amount} ${l.cost}`));
    expect(lots).toEqual([
      [],
      [],
      ["moved 1.5 30", "moved 0.5 10"],
      ["disposed 1.75 35"],
      ["disposed 1.5 30", "disposed 0.5 10"],
    ]);
    expect(r.holdings).toEqual([]);
  });
});
