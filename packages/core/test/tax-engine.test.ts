import { describe, expect, it } from "vitest";
import { computeTaxReport } from "../src/tax/engine.ts";
import { fixedEurPrices } from "../src/tax/prices.ts";
import { type SimpleEvent, simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";
import type { ComputeOptions, ConsumedLot, EurPriceLookup, TaxEvent } from "../src/tax/types.ts";

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
      holdingPeriodEnds: "2025-01-10",
      taxFreeFrom: "2025-01-11",
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

describe("units moved beyond what the sending wallet holds", () => {
  // W1 holds no X and moves 10 to W2 in 2023; W2 bought 5 X in 2022.
  const history: SimpleEvent[] = [
    { time: "2022-03-01T12:00:00+01:00", wallet: "W2", type: "buy", asset: "X", amount: "5", eur: "100" },
    { time: "2023-06-01T12:00:00+02:00", wallet: "W1", type: "transfer", asset: "X", amount: "10", toWallet: "W2" },
  ];
  const sellX = (time: string, amount: string, eur: string): SimpleEvent => ({
    time,
    wallet: "W2",
    type: "sell",
    asset: "X",
    amount,
    eur,
    id: "sale",
  });
  const parts = (lots: readonly ConsumedLot[]) =>
    lots.map((l) => [l.amount, l.acquired, l.cost, l.proceeds, l.gain, l.taxFree, l.unknown ?? null]);

  it("queue behind the receiving wallet's older lots: a sale uses those first", () => {
    const r = report([...history, sellX("2024-02-01T12:00:00+01:00", "5", "200")], { year: 2024 });
    const sale = r.transactions.find((t) => t.kind === "sell");
    expect(parts(sale?.lots ?? [])).toEqual([["5", "2022-03-01", "100", "200", "100", true, null]]);
    expect(sale?.steuerpflichtig).toBe(false);
    expect(r.years["2024"]).toMatchObject({ gainTaxFree: "100.00", gainTaxable: "0.00", unknownGains: 0 });
    expect(r.unknownCosts).toEqual([]);
    expect(r.holdings.map((h) => [h.wallet, h.amount, h.acquired, h.cost])).toEqual([["W2", "10", null, null]]);
  });

  it("count as unknown in the year of the sale that uses them, not in the transfer's year", () => {
    const events = [...history, sellX("2025-03-01T12:00:00+01:00", "15", "600")];
    const r = report(events);
    const sale = r.transactions.find((t) => t.kind === "sell");
    expect(parts(sale?.lots ?? [])).toEqual([
      ["5", "2022-03-01", "100", "200", "100", true, null],
      ["10", null, null, "400", null, null, "insufficient-holdings"],
    ]);
    expect(sale?.steuerpflichtig).toBe("unknown");
    expect(r.years["2023"]).toMatchObject({ disposals: 0, unknownGains: 0 });
    expect(r.years["2025"]).toMatchObject({ gainTaxFree: "100.00", disposals: 2, unknownGains: 1 });
    expect(r.unknownCosts).toEqual([
      {
        hash: "sale",
        time: Date.parse("2025-03-01T11:00:00Z") / 1000,
        date: "2025-03-01",
        wallet: "W2",
        asset: "X",
        symbol: "X",
        amount: "10",
        reason: "insufficient-holdings",
      },
    ]);

    // The transfer's year has no unknown count; the sale's year has it.
    const y2023 = report(events, { year: 2023 });
    expect(y2023.unknownCosts).toEqual([]);
    expect(y2023.summary.unknownCosts).toBe(0);
    expect(y2023.years["2023"]?.unknownGains).toBe(0);
    const y2025 = report(events, { year: 2025 });
    expect(y2025.unknownCosts.map((u) => [u.date, u.amount, u.reason])).toEqual([
      ["2025-03-01", "10", "insufficient-holdings"],
    ]);
    expect(y2025.summary.unknownCosts).toBe(1);
    expect(y2025.years["2025"]?.unknownGains).toBe(1);
    expect(y2025.holdings).toEqual([]);
  });

  it("stay an open lot with unknown cost while they are not sold", () => {
    const r = report(history, { year: 2023 });
    const move = r.transactions.find((t) => t.kind === "transfer");
    expect(move?.lots.map((l) => [l.use, l.wallet, l.amount, l.acquired, l.cost, l.unknown ?? null])).toEqual([
      ["moved", "W1", "10", null, null, "insufficient-holdings"],
    ]);
    expect(move?.haltefrist_endet).toBeNull();
    expect(r.unknownCosts).toEqual([]);
    expect(r.years["2023"]?.unknownGains).toBe(0);
    expect(r.holdings.map((h) => [h.wallet, h.amount, h.acquired, h.acquiredAt, h.cost, h.taxFreeFrom])).toEqual([
      ["W2", "5", "2022-03-01", Date.parse("2022-03-01T11:00:00Z") / 1000, "100", "2023-03-02"],
      ["W2", "10", null, null, null, null],
    ]);
  });

  it("keep their place when moved on, and count when paid as the network fee", () => {
    const t = (iso: string) => Date.parse(iso) / 1000;
    const leg = (wallet: string, amount: bigint) => ({ wallet, asset: "N", amount });
    const move = (iso: string, from: string, to: string, amount: bigint): TaxEvent => ({
      time: t(iso),
      kind: "transfer",
      given: [leg(from, amount)],
      received: [leg(to, amount)],
    });
    const r = computeTaxReport([
      move("2023-06-01T10:00:00Z", "W1", "W2", 10n),
      { time: t("2023-09-01T10:00:00Z"), kind: "buy", given: [], received: [leg("W3", 4n)], eur: "8" },
      move("2024-01-10T10:00:00Z", "W2", "W3", 10n),
      // W3's own lot (September 2023) is younger than the units that entered W2 in June: those go first.
      { time: t("2024-02-10T10:00:00Z"), kind: "fee-only", given: [], received: [], fee: leg("W3", 3n), feeEur: "1" },
    ]);
    expect(r.unknownCosts.map((u) => [u.date, u.wallet, u.amount, u.reason])).toEqual([
      ["2024-02-10", "W3", "0.000000000000000003", "insufficient-holdings"],
    ]);
    expect(r.holdings.map((h) => [h.wallet, h.amount, h.acquired])).toEqual([
      ["W3", "0.000000000000000007", null],
      ["W3", "0.000000000000000004", "2023-09-01"],
    ]);
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
