/** The advisor PDF's Anlage SO tables (core's anlageSoLines) add up to every worked case's figures. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { anlageSoLines, computeTaxReport, type SimpleEvent, simpleEventsToTaxEvents } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";

/** The worked cases beside the repository (CI clones them there); the copy in fixtures otherwise. */
const shared = path.resolve(import.meta.dirname, "../../../../shared/tax-cases/cases.json");
const casesFile = existsSync(shared) ? shared : path.join(import.meta.dirname, "fixtures/tax-cases.json");
const cases = (
  JSON.parse(readFileSync(casesFile, "utf8")) as {
    cases: { id: string; events: SimpleEvent[]; expected: { years: Record<string, Record<string, string>> } }[];
  }
).cases;

const perYear = cases.flatMap((c) => Object.keys(c.expected.years).map((year) => [c.id, year, c] as const));

describe("the advisor's Anlage SO tables add up to each worked case's figures", () => {
  it.each(perYear)("%s, %s", (_id, year, c) => {
    const { events, assets } = simpleEventsToTaxEvents(c.events);
    const r = computeTaxReport(events, undefined, { assets, year: Number(year) });
    const lines = anlageSoLines(r.transactions, Number(year));
    const expected = c.expected.years[year];
    if (expected?.gainTaxable !== undefined) expect(lines.disposalsTotal).toBe(expected.gainTaxable);
    if (expected?.income22 !== undefined) expect(lines.incomeTotal).toBe(expected.income22);
    expect(lines.disposalsTotal).toBe(r.years[year]?.gainTaxable ?? "0.00");
    expect(lines.incomeTotal).toBe(r.years[year]?.income22 ?? "0.00");
  });
});
