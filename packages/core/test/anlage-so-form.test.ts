import { describe, expect, it } from "vitest";
import { anlageSoLines } from "../src/tax/advisor-lines.ts";
import { type AnlageSoForm, anlageSoForm } from "../src/tax/anlage-so-form.ts";
import { computeTaxReport } from "../src/tax/engine.ts";
import { type SimpleEvent, simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";

function form(events: SimpleEvent[], year: number): AnlageSoForm {
  const { events: ev, assets } = simpleEventsToTaxEvents(events);
  const report = computeTaxReport(ev, undefined, { assets, year });
  const figures = report.years[String(year)];
  if (!figures) throw new Error(`no figures for ${year}`);
  return anlageSoForm(year, figures, anlageSoLines(report.transactions, year));
}

/** figure -> amount, and figure -> note. */
const amounts = (f: AnlageSoForm) => Object.fromEntries(f.lines.map((l) => [l.figure, l.amount]));
const notes = (f: AnlageSoForm) => Object.fromEntries(f.lines.map((l) => [l.figure, l.note]));

/**
 * In `year`: A bought for 1,000.00 and sold for `sold` (taxable, inside one year), B bought
 * two years earlier for 100.00 and sold for 300.00 (tax-free: 200.00), and two income lines.
 */
function events(year: number, sold: string, income: [string, string]): SimpleEvent[] {
  const t = (d: string) => `${year}-${d}T12:00:00+01:00`;
  return [
    { time: `${year - 2}-02-01T12:00:00+01:00`, wallet: "W1", type: "buy", asset: "B", amount: "1", eur: "100" },
    { time: t("01-10"), wallet: "W1", type: "buy", asset: "A", amount: "2", eur: "1000" },
    { time: t("03-01"), wallet: "W1", type: "sell", asset: "A", amount: "2", eur: sold },
    { time: t("03-02"), wallet: "W1", type: "sell", asset: "B", amount: "1", eur: "300" },
    { time: t("04-01"), wallet: "W1", type: "income", asset: "R", amount: "1", eur: income[0] },
    { time: t("05-01"), wallet: "W1", type: "income", asset: "R", amount: "1", eur: income[1] },
  ];
}

describe("the Anlage SO form lines", () => {
  it("2024, both Freigrenzen crossed: every gain and all income is taxable", () => {
    const f = form(events(2024, "2500.50", ["200.10", "56.15"]), 2024);
    expect(f.year).toBe(2024);
    expect(f.section).toContain("Einheiten virtueller Währungen");
    expect(amounts(f)).toEqual({
      proceeds: "2500.50",
      cost: "1000.00",
      expenses23: "0.00",
      gainTaxable: "1500.50",
      gainAllocated: "1500.50",
      gainTaxableAfterFreigrenze: "1500.50",
      gainTaxFree: "200.00",
      income22: "256.25",
      expenses22: "0.00",
      income22Net: "256.25",
      income22AfterFreigrenze: "256.25",
    });
    expect(notes(f).gainTaxableAfterFreigrenze).toBe(
      "Freigrenze 1.000 € erreicht oder überschritten: der ganze Gewinn ist steuerpflichtig",
    );
    expect(notes(f).income22AfterFreigrenze).toBe(
      "Freigrenze 256 € erreicht oder überschritten: alle Einkünfte sind steuerpflichtig",
    );
  });

  it("2024, below both Freigrenzen: the sums to enter are 0.00", () => {
    const f = form(events(2024, "1999.99", ["200.00", "55.99"]), 2024);
    expect(amounts(f)).toMatchObject({
      proceeds: "1999.99",
      cost: "1000.00",
      gainTaxable: "999.99",
      gainAllocated: "999.99",
      gainTaxableAfterFreigrenze: "0.00",
      income22: "255.99",
      income22Net: "255.99",
      income22AfterFreigrenze: "0.00",
    });
    expect(notes(f).gainTaxableAfterFreigrenze).toBe(
      "Gewinn unter der Freigrenze von 1.000 €: steuerfrei, muss nicht eingetragen werden",
    );
    expect(notes(f).income22AfterFreigrenze).toBe(
      "Einkünfte unter der Freigrenze von 256 €: steuerfrei, müssen nicht eingetragen werden",
    );
  });

  it("2023 uses the Freigrenze of 600 €", () => {
    const f = form(events(2023, "1600.00", ["1.00", "2.00"]), 2023);
    expect(amounts(f)).toMatchObject({ gainTaxable: "600.00", gainTaxableAfterFreigrenze: "600.00" });
    expect(notes(f).gainTaxableAfterFreigrenze).toContain("Freigrenze 600 €");
  });

  it("2025, crossed exactly at the Freigrenze and below it; the crypto section", () => {
    const crossed = form(events(2025, "2000.00", ["256.00", "0.00"]), 2025);
    expect(crossed.section).toContain("Kryptowerte");
    expect(amounts(crossed)).toMatchObject({
      proceeds: "2000.00",
      cost: "1000.00",
      gainTaxable: "1000.00",
      gainTaxableAfterFreigrenze: "1000.00",
      gainTaxFree: "200.00",
      income22: "256.00",
      income22AfterFreigrenze: "256.00",
    });
    const below = form(events(2025, "1012.34", ["10.00", "0.01"]), 2025);
    expect(amounts(below)).toMatchObject({
      proceeds: "1012.34",
      gainTaxable: "12.34",
      gainTaxableAfterFreigrenze: "0.00",
      income22: "10.01",
      income22AfterFreigrenze: "0.00",
    });
  });

  it("2025, a loss: negative gain, nothing taxable, a note on offsetting", () => {
    const f = form(events(2025, "987.70", ["0.00", "0.00"]), 2025);
    expect(amounts(f)).toMatchObject({
      proceeds: "987.70",
      cost: "1000.00",
      gainTaxable: "-12.30",
      gainAllocated: "-12.30",
      gainTaxableAfterFreigrenze: "0.00",
    });
    expect(notes(f).gainTaxableAfterFreigrenze).toContain("Verlust");
  });

  it("gives no verified line number yet; the unverified ones per form year, none carried to other years", () => {
    const unverified = (f: AnlageSoForm) =>
      Object.fromEntries(
        f.lines.filter((l) => l.unverifiedLine !== undefined).map((l) => [l.figure, l.unverifiedLine]),
      );
    const y2024 = form(events(2024, "1001.00", ["1.00", "1.00"]), 2024);
    const y2025 = form(events(2025, "1001.00", ["1.00", "1.00"]), 2025);
    const y2023 = form(events(2023, "1001.00", ["1.00", "1.00"]), 2023);
    for (const f of [y2023, y2024, y2025]) expect(f.lines.every((l) => l.line === null)).toBe(true);
    expect(unverified(y2024)).toEqual({
      proceeds: 44,
      cost: 45,
      expenses23: 46,
      gainTaxable: 47,
      gainAllocated: 54,
      income22: 11,
      expenses22: 15,
      income22Net: 16,
    });
    expect(unverified(y2025)).toEqual({
      proceeds: 48,
      cost: 49,
      expenses23: 50,
      gainTaxable: 51,
      gainAllocated: 58,
      income22: 15,
      expenses22: 19,
      income22Net: 20,
    });
    expect(unverified(y2023)).toEqual({});
    expect(y2025.lines.find((l) => l.figure === "income22")?.label).toBe("Einnahmen im Zusammenhang mit Kryptowerten");
    expect(y2024.sources.some((s) => s.startsWith("https://www.formulare-bfinv.de/"))).toBe(true);
  });
});
