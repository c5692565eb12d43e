/**
 * The fork copy and the bridge move in the engine (README.md, "The PulseChain fork", "Bridge moves"),
 * through the simple event format: what the copies cost under both rules, their dates, their rows and
 * CSV lines, and a bridge that keeps a fee in the token.
 */
import { describe, expect, it } from "vitest";
import { taxReportCsv } from "../src/tax/csv.ts";
import { germanDescription } from "../src/tax/description-de.ts";
import { computeTaxReport } from "../src/tax/engine.ts";
import { parseEur } from "../src/tax/fixed.ts";
import { priceSourceLabel } from "../src/tax/price-source-label.ts";
import { fixedEurPrices } from "../src/tax/prices.ts";
import { type SimpleEvent, simpleEventsToTaxEvents, simpleEventTime } from "../src/tax/simple-events.ts";
import type { ComputeOptions, EurPriceLookup } from "../src/tax/types.ts";

const FORK = "2023-05-11T08:07:35+02:00";
const ETH_HEX = "1:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const PLS_HEX = "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

function report(events: SimpleEvent[], opts: ComputeOptions = {}, prices?: EurPriceLookup) {
  const { events: ev, assets } = simpleEventsToTaxEvents(events);
  return computeTaxReport(ev, prices, { assets, ...opts });
}

function prices(table: Record<string, [string, string][]>): EurPriceLookup {
  const rows: Record<string, [number, string][]> = {};
  for (const [asset, list] of Object.entries(table)) rows[asset] = list.map(([t, p]) => [simpleEventTime(t), p]);
  return fixedEurPrices(rows, "input-prices");
}

const buy = (time: string, asset: string, amount: string, eur: string): SimpleEvent => ({
  time,
  wallet: "W1",
  type: "buy",
  asset,
  amount,
  eur,
});
const sell = (time: string, asset: string, amount: string, eur: string): SimpleEvent => ({
  time,
  wallet: "W1",
  type: "sell",
  asset,
  amount,
  eur,
});
const forkCopy: SimpleEvent = { time: FORK, wallet: "W1", type: "fork-copy", asset: ETH_HEX, toAsset: PLS_HEX };

// Bought twice before the fork (100 EUR and 50 EUR), copied at the fork.
const history: SimpleEvent[] = [
  buy("2021-03-01T12:00:00+01:00", ETH_HEX, "1000", "100"),
  buy("2023-01-20T12:00:00+01:00", ETH_HEX, "500", "50"),
  forkCopy,
];
// On the fork day the original is worth 0.02 EUR and the copy 0.01 EUR: the copy carries 1/3 of each cost.
const forkDayPrices = prices({ [ETH_HEX]: [["2021-01-01T00:00:00Z", "0.02"]], [PLS_HEX]: [[FORK, "0.01"]] });

describe("a fork copies the open lots", () => {
  it("zero: each copy keeps the original's acquisition date and costs 0 EUR; the originals stay", () => {
    const r = report(history, { forkCost: "zero" });
    const copies = r.holdings.filter((h) => h.asset === PLS_HEX);
    expect(copies.map((h) => [h.amount, h.acquired, h.cost])).toEqual([
      ["1000", "2021-03-01", "0"],
      ["500", "2023-01-20", "0"],
    ]);
    const originals = r.holdings.filter((h) => h.asset === ETH_HEX);
    expect(originals.map((h) => [h.amount, h.acquired, h.cost])).toEqual([
      ["1000", "2021-03-01", "100"],
      ["500", "2023-01-20", "50"],
    ]);
  });

  it("is one Transfer row per asset copied, not taxable, with the copies as its lots", () => {
    const r = report(history);
    const row = r.transactions.find((t) => t.kind === "fork-copy");
    expect(row).toMatchObject({
      typ: "Transfer",
      steuerpflichtig: false,
      wertEUR: null,
      amount: "1500",
      date: "2023-05-11",
      haltefrist_endet: "2024-01-20",
      priceSource: "fork-copy:zero",
      description: { key: "forkCopy", date: "2023-05-11", received: [{ amount: "1500", symbol: PLS_HEX }] },
    });
    expect(row?.lots.map((l) => [l.asset, l.amount, l.acquired, l.cost])).toEqual([
      [PLS_HEX, "1000", "2021-03-01", "0"],
      [PLS_HEX, "500", "2023-01-20", "0"],
    ]);
    expect(germanDescription(row as NonNullable<typeof row>)).toBe(
      `Transfer: Kopie bei der PulseChain-Abspaltung am 11.05.2023: 1500 ${PLS_HEX} (Anschaffungsdatum des Originals)`,
    );
  });

  it("split: each lot's cost is shared by the market values of the fork day and adds up to the last unit", () => {
    const r = report(history, { forkCost: "split" }, forkDayPrices);
    const cost = (asset: string) => r.holdings.filter((h) => h.asset === asset).map((h) => h.cost);
    // 100 / 3 = 33.333333333333333333 (floored to the atto-euro); the original keeps the rest.
    expect(cost(PLS_HEX)).toEqual(["33.333333333333333333", "16.666666666666666666"]);
    expect(cost(ETH_HEX)).toEqual(["66.666666666666666667", "33.333333333333333334"]);
    const row = r.transactions.find((t) => t.kind === "fork-copy");
    expect(row?.priceSource).toBe("fork-copy:split:2023-05-11");
  });

  it("split: the first day both have a price (the copy was priced two days after the fork)", () => {
    const later = prices({
      [ETH_HEX]: [
        ["2021-01-01T00:00:00Z", "0.06"],
        ["2023-05-12T00:00:00Z", "0.03"],
      ],
      [PLS_HEX]: [["2023-05-13T00:00:00Z", "0.01"]],
    });
    const r = report(history, { forkCost: "split" }, later);
    // 13 May: 0.03 and 0.01 -> the copy carries a quarter.
    expect(r.holdings.filter((h) => h.asset === PLS_HEX).map((h) => h.cost)).toEqual(["25", "12.5"]);
    const row = r.transactions.find((t) => t.kind === "fork-copy");
    expect(row?.priceSource).toBe("fork-copy:split:2023-05-13");
    expect(priceSourceLabel(row?.priceSource ?? null, null, "de")).toBe(
      "Abspaltung (Kosten aufgeteilt nach Marktwerten vom 13.05.2023)",
    );
  });

  it("split without a day with both prices: the copy's cost is unknown (a missing price), the original keeps its cost", () => {
    const r = report(
      [...history, sell("2024-06-03T12:00:00+02:00", PLS_HEX, "1000", "30")],
      { forkCost: "split" },
      prices({ [ETH_HEX]: [["2021-01-01T00:00:00Z", "0.02"]] }),
    );
    expect(r.holdings.filter((h) => h.asset === ETH_HEX).map((h) => h.cost)).toEqual(["100", "50"]);
    expect(r.missingPrices).toMatchObject([{ asset: PLS_HEX, date: "2023-05-11", what: "value" }]);
    expect(r.years["2023"]?.missingPrices).toBe(1);
    const sale = r.transactions.find((t) => t.typ === "Verkauf");
    expect(sale?.lots[0]).toMatchObject({ acquired: "2021-03-01", cost: null, gain: null, unknown: "unknown-cost" });
    const row = r.transactions.find((t) => t.kind === "fork-copy");
    expect(row?.missingPrice).toBe(true);
    expect(priceSourceLabel(row?.priceSource ?? null, null, "de")).toBe(
      "Abspaltung (Kosten unbekannt: kein Tag mit Kursen von Original und Kopie)",
    );
  });

  it("a lot of unknown cost stays unknown in both under split; under zero its copy costs 0", () => {
    const events: SimpleEvent[] = [
      { time: "2022-02-01T12:00:00+01:00", wallet: "W1", type: "unknown-in", asset: ETH_HEX, amount: "10" },
      forkCopy,
    ];
    const split = report(events, { forkCost: "split" }, forkDayPrices);
    expect(split.holdings.map((h) => [h.asset, h.acquired, h.cost])).toEqual([
      [ETH_HEX, "2022-02-01", null],
      [PLS_HEX, "2022-02-01", null],
    ]);
    const zero = report(events, { forkCost: "zero" });
    expect(zero.holdings.map((h) => h.cost)).toEqual([null, "0"]);
  });

  it("open points: a zero-cost copy of an airdrop is none; a copy of unknown cost points to the Ethereum arrival", () => {
    const events: SimpleEvent[] = [
      {
        time: "2022-02-01T12:00:00+01:00",
        wallet: "W1",
        type: "unknown-in",
        asset: ETH_HEX,
        amount: "10",
        id: "airdrop",
      },
      forkCopy,
      sell("2024-06-03T12:00:00+02:00", PLS_HEX, "10", "5"),
    ];
    const zero = report(events, { forkCost: "zero", year: 2024 });
    expect(zero.unknownArrivals).toEqual([]);
    expect(zero.years["2024"]).toMatchObject({ gainTaxFree: "5.00", unknownGains: 0 });
    const split = report(events, { forkCost: "split", year: 2024 }, forkDayPrices);
    expect(split.unknownArrivals.map((a) => [a.hash, a.asset, a.disposedAmount, a.eurAtStake])).toEqual([
      ["airdrop", ETH_HEX, "10", "5.00"],
    ]);
  });

  it("a copy sold more than a year after the original purchase is tax-free, one sold within it taxable", () => {
    const r = report([...history, sell("2023-09-01T12:00:00+02:00", PLS_HEX, "1500", "30")], {
      forkCost: "zero",
      year: 2023,
    });
    const sale = r.transactions.find((t) => t.typ === "Verkauf");
    expect(sale?.lots.map((l) => [l.acquired, l.proceeds, l.gain, l.taxFree])).toEqual([
      ["2021-03-01", "20", "20", true],
      ["2023-01-20", "10", "10", false],
    ]);
    expect(r.years["2023"]).toMatchObject({ gainTaxable: "10.00", gainTaxFree: "20.00" });
  });

  it("copies only what is open at the fork: a later purchase has no copy", () => {
    const r = report([...history, buy("2023-06-01T12:00:00+02:00", ETH_HEX, "700", "35")]);
    expect(r.holdings.filter((h) => h.asset === PLS_HEX).map((h) => h.amount)).toEqual(["1000", "500"]);
    expect(r.holdings.filter((h) => h.asset === ETH_HEX).map((h) => h.amount)).toEqual(["1000", "500", "700"]);
  });

  it("the CSV names the original purchase date and the cost rule on each lot line", () => {
    const zero = taxReportCsv(report(history).transactions);
    const line = zero.split("\r\n").find((l) => l.includes("Kopie bei der PulseChain-Abspaltung"));
    expect(line?.split(";").slice(13)).toEqual([
      "W1",
      "1.000",
      PLS_HEX,
      "01.03.2021",
      "0,00",
      "",
      "",
      "801",
      "Abspaltung (Kosten 0 EUR)",
    ]);
    const split = taxReportCsv(report(history, { forkCost: "split" }, forkDayPrices).transactions);
    expect(split).toContain(";33,33;;;801;Abspaltung (Kosten aufgeteilt nach Marktwerten vom 11.05.2023)");
  });

  it("a copy into another wallet and asset keeps the dates; the original wallet is untouched", () => {
    const r = report([
      buy("2022-01-10T12:00:00+01:00", "ETH", "2", "3000"),
      { time: FORK, wallet: "W1", type: "fork-copy", asset: "ETH", toAsset: "PLS", toWallet: "W2" },
    ]);
    expect(r.holdings.map((h) => [h.wallet, h.asset, h.amount, h.acquired, h.cost])).toEqual([
      ["W1", "ETH", "2", "2022-01-10", "3000"],
      ["W2", "PLS", "2", "2022-01-10", "0"],
    ]);
  });
});

describe("a bridge move with a different asset on each side", () => {
  const bridged = "369:0x57fde0a71132198bbec939b98976993d8d89d225";

  it("moves the lots with their dates and costs; a fee kept in the token is taken from the oldest lot", () => {
    const r = report([
      buy("2023-06-01T12:00:00+02:00", ETH_HEX, "1000", "60"),
      buy("2023-06-02T12:00:00+02:00", ETH_HEX, "1000", "80"),
      {
        time: "2023-07-01T12:00:00+02:00",
        wallet: "W1",
        type: "bridge",
        asset: ETH_HEX,
        amount: "2000",
        toAsset: bridged,
        toAmount: "1990",
      },
      sell("2024-03-01T12:00:00+01:00", bridged, "1990", "199"),
    ]);
    const move = r.transactions.find((t) => t.description.key === "bridge");
    expect(move).toMatchObject({ typ: "Transfer", kind: "transfer", steuerpflichtig: false });
    expect(germanDescription(move as NonNullable<typeof move>)).toBe(
      `Transfer: Brücke: 2000 ${ETH_HEX} von Ethereum nach PulseChain`,
    );
    // The 10 units kept back came from the first lot (6 cent of its cost with them).
    expect(move?.lots.map((l) => [l.asset, l.amount, l.acquired, l.cost])).toEqual([
      [ETH_HEX, "990", "2023-06-01", "59.4"],
      [ETH_HEX, "1000", "2023-06-02", "80"],
    ]);
    const sale = r.transactions.find((t) => t.typ === "Verkauf");
    expect(sale?.lots.map((l) => [l.acquired, l.cost, l.proceeds, l.gain, l.taxFree])).toEqual([
      ["2023-06-01", "59.4", "99", "39.6", false],
      ["2023-06-02", "80", "100", "20", false],
    ]);
  });

  it("refuses bad combinations with a clear message", () => {
    const bad = (e: Partial<SimpleEvent>, message: RegExp) =>
      expect(() =>
        simpleEventsToTaxEvents([{ time: FORK, wallet: "W1", type: "fork-copy", asset: ETH_HEX, ...e } as SimpleEvent]),
      ).toThrow(message);
    bad({ toAsset: PLS_HEX, amount: "1" }, /event 1: amount: a fork-copy copies every open lot/);
    bad({}, /event 1: toAsset: a fork-copy needs toAsset/);
    bad({ toAsset: ETH_HEX }, /toAsset: a fork-copy needs toAsset or toWallet to differ/);
    bad({ toAsset: PLS_HEX, eur: "5" }, /eur: a fork-copy has no EUR value/);
    bad({ type: "bridge", amount: "1" }, /toAsset: a bridge needs toAsset .* or toWallet to differ/);
    bad({ type: "bridge", toAsset: PLS_HEX }, /event 1: amount: an amount is needed/);
  });

  it("values the copies' cost split exactly: original + copy = the original cost for every lot", () => {
    const r = report(history, { forkCost: "split" }, forkDayPrices);
    const before = report(history.slice(0, 2));
    const sum = (asset: string) => r.holdings.filter((h) => h.asset === asset).map((h) => parseEur(h.cost as string));
    const copies = sum(PLS_HEX);
    const originals = sum(ETH_HEX);
    expect(originals.map((c, i) => c + (copies[i] as bigint))).toEqual(
      before.holdings.map((h) => parseEur(h.cost as string)),
    );
  });
});
