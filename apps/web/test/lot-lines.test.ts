/** An opened row shows each lot's proceeds and gain in the same cents as the advisor CSV (and PDF). */
import {
  computeTaxReport,
  type SimpleEvent,
  simpleEventsToTaxEvents,
  TAX_CSV_COLUMNS,
  TAX_CSV_LOT_COLUMNS,
  taxReportCsv,
  withGermanDescriptions,
} from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { reportDataOf } from "../src/features/wallet-report/result/report-data.ts";
import { sampleResult } from "./wallet-report-fixtures.ts";

const W = "W1";
// Three lots of 1 A at 1 EUR, sold together for 4 EUR: each lot's gain is 0.333… EUR. Rounded alone
// they would read 0.33 + 0.33 + 0.33 = 0.99 under a §23 figure of 1.00.
const events: SimpleEvent[] = [
  { time: "2024-01-10T12:00:00+01:00", wallet: W, type: "buy", asset: "A", amount: "1", eur: "1" },
  { time: "2024-01-11T12:00:00+01:00", wallet: W, type: "buy", asset: "A", amount: "1", eur: "1" },
  { time: "2024-01-12T12:00:00+01:00", wallet: W, type: "buy", asset: "A", amount: "1", eur: "1" },
  { time: "2024-03-01T12:00:00+01:00", wallet: W, type: "sell", asset: "A", amount: "3", eur: "4" },
];

describe("the opened row's lots", () => {
  it("show the CSV's cents, which add up to the year's figures", async () => {
    const { events: taxEvents, assets } = simpleEventsToTaxEvents(events);
    const computed = computeTaxReport(taxEvents, undefined, { assets, year: 2024 });
    const result = { ...sampleResult(0), transactions: withGermanDescriptions(computed.transactions) };
    const sale = result.transactions.findIndex((r) => r.typ === "Verkauf");
    const lines = await reportDataOf(result).lotLines(sale);
    expect(computed.years["2024"]?.gainTaxable).toBe("1.00");
    const cents = (v: string | null) => BigInt((v as string).replace(".", ""));
    expect(lines.gain.reduce((s, v) => s + cents(v), 0n)).toBe(100n);
    expect(lines.proceeds.reduce((s, v) => s + cents(v), 0n)).toBe(400n);
    const csv = taxReportCsv(result.transactions).split("\r\n");
    const all: string[] = [...TAX_CSV_COLUMNS, ...TAX_CSV_LOT_COLUMNS];
    const saleLines = csv.filter((l) => l.split(";")[1] === "Verkauf").map((l) => l.split(";"));
    const german = (v: string | null) => (v as string).replace(".", ",");
    expect(saleLines.map((f) => f[all.indexOf("Gewinn/Verlust (EUR)")])).toEqual(lines.gain.map(german));
    expect(saleLines.map((f) => f[all.indexOf("Veräußerungserlös (EUR)")])).toEqual(lines.proceeds.map(german));
  });
});
