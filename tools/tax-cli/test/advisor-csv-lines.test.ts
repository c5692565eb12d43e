/**
 * The advisor CSV read as an advisor reads it, over every worked case and a synthetic history of the
 * golden test's kind (buys paid with PLS, sells, token swaps, printer payouts): each lot line names
 * the asset the lot is of, and the lines of a year add up to that year's figures to the cent.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type AssetInfoLookup,
  anlageSoLines,
  computeTaxReport,
  type ReportTransaction,
  type SimpleEvent,
  simpleEventsToTaxEvents,
  TAX_CSV_COLUMNS,
  TAX_CSV_LOT_COLUMNS,
  type TaxReport,
  taxReportCsv,
  taxReportFromTransfers,
  yearProceeds,
} from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { syntheticTransfers } from "../../../bench/tax-synthetic.mts";

const shared = path.resolve(import.meta.dirname, "../../../../shared/tax-cases/cases.json");
const casesFile = existsSync(shared) ? shared : path.join(import.meta.dirname, "fixtures/tax-cases.json");
const cases = (
  JSON.parse(readFileSync(casesFile, "utf8")) as {
    cases: { id: string; events: SimpleEvent[]; expected: { years: Record<string, unknown> } }[];
  }
).cases;

interface Story {
  report: TaxReport;
  assets: AssetInfoLookup;
}

function workedCase(c: (typeof cases)[number]): Story {
  const { events, assets } = simpleEventsToTaxEvents(c.events);
  return { report: computeTaxReport(events, undefined, { assets }), assets };
}

function syntheticStory(): Story {
  const h = syntheticTransfers({ transfers: 6_000, wallets: 4, tokens: 40, seed: 11 });
  const own = h.wallets.map((address) => ({ chainId: 369, address }));
  const report = taxReportFromTransfers(h.transfers, own, h.prices, {
    knownDistributors: [h.distributor],
    assets: h.assets,
  });
  return { report, assets: h.assets };
}

const stories: [string, () => Story][] = [
  ...cases.map((c) => [c.id, () => workedCase(c)] as [string, () => Story]),
  ["synthetic history (buys with PLS, swaps, payouts)", syntheticStory],
];

/** The CSV's lines as fields (RFC 4180 quotes), without the byte-order mark and the header. */
function csvLines(csv: string): string[][] {
  const lines = csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .slice(1);
  return lines.map((line) => {
    const fields: string[] = [];
    for (const m of line.matchAll(/(?:"((?:[^"]|"")*)"|([^;]*))(?:;|$)/g)) {
      if (m.index === line.length && fields.length > 0 && !line.endsWith(";")) break;
      fields.push(m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ""));
    }
    return fields;
  });
}

const col = (name: string) => {
  const all: string[] = [...TAX_CSV_COLUMNS, ...TAX_CSV_LOT_COLUMNS];
  return all.indexOf(name);
};
const TYP = col("Typ");
const TAXABLE = col("Steuerpflichtig");
const VALUE = col("Wert (EUR)");
const DATE = col("Datum");
const TOKEN = col("Token");
const ACQUIRED = col("Anschaffungsdatum");
const PROCEEDS = col("Veräußerungserlös (EUR)");
const GAIN = col("Gewinn/Verlust (EUR)");

/** "1.234,56" -> cents. */
function cents(german: string): bigint {
  return BigInt(german.replaceAll(".", "").replace(",", ""));
}
const figureCents = (eur: string) => BigInt(eur.replace(".", ""));

/** Each CSV line beside the row (and lot) it was written from. */
function linesWithLots(rows: readonly ReportTransaction[], lines: string[][]) {
  const out: { row: ReportTransaction; lot: ReportTransaction["lots"][number] | null; fields: string[] }[] = [];
  let i = 0;
  for (const row of rows) {
    if (row.lots.length === 0) out.push({ row, lot: null, fields: lines[i++] as string[] });
    for (const lot of row.lots) out.push({ row, lot, fields: lines[i++] as string[] });
  }
  expect(i).toBe(lines.length);
  return out;
}

describe("the advisor CSV's lot lines name the asset the lot is of", () => {
  it.each(stories)("%s", (_name, make) => {
    const { report, assets } = make();
    const lines = linesWithLots(report.transactions, csvLines(taxReportCsv(report.transactions)));
    let lotLines = 0;
    for (const { lot, fields } of lines) {
      if (!lot) continue;
      lotLines++;
      expect(fields[TOKEN]).toBe(assets(lot.asset)?.symbol ?? lot.asset);
      expect(fields[ACQUIRED]).toBe(lot.acquired ? lot.acquired.split("-").reverse().join(".") : "unbekannt");
    }
    expect(lotLines).toBeGreaterThan(0);
  });

  it.each(stories)("%s: the PDF's Anlage SO lines too", (_name, make) => {
    const { report, assets } = make();
    for (const year of Object.keys(report.years)) {
      const taxable = report.transactions
        .filter((row) => row.date.startsWith(year))
        .flatMap((row) => row.lots.filter((l) => l.use === "disposed" && l.taxFree === false && l.gain !== null));
      const symbols = anlageSoLines(report.transactions, Number(year)).disposals.map((d) => d.symbol);
      expect(symbols).toEqual(taxable.map((lot) => assets(lot.asset)?.symbol ?? lot.asset));
    }
  });
});

describe("the advisor CSV's lines add up to the year's figures to the cent", () => {
  it.each(stories)("%s", (_name, make) => {
    const { report } = make();
    const lines = linesWithLots(report.transactions, csvLines(taxReportCsv(report.transactions)));
    for (const [year, figures] of Object.entries(report.years)) {
      const ofYear = lines.filter(({ fields }) => (fields[DATE] as string).endsWith(`.${year}`));
      const roi = ofYear.filter(({ fields, row }) => fields[TYP] === "ROI" && row.income !== null);
      const income = roi.reduce((sum, { fields }) => sum + cents(fields[VALUE] as string), 0n);
      expect(income, `§22 ${year}`).toBe(figureCents(figures.income22));
      // Taxable lines with an unknown gain are named as unknown and left out of the figure.
      const disposed = ofYear.filter(({ lot }) => lot?.use === "disposed");
      const taxable = disposed.filter(({ fields }) => fields[TAXABLE] === "Ja" && fields[GAIN] !== "unbekannt");
      const gain = taxable.reduce((sum, { fields }) => sum + cents(fields[GAIN] as string), 0n);
      expect(gain, `§23 ${year}`).toBe(figureCents(figures.gainTaxable));
      const sold = disposed.filter(({ fields }) => fields[PROCEEDS] !== "unbekannt");
      const proceeds = sold.reduce((sum, { fields }) => sum + cents(fields[PROCEEDS] as string), 0n);
      // The same line shows the same cents in the API's rows, the CSV and the PDF's tables.
      const pdf = anlageSoLines(report.transactions, Number(year));
      expect(roi.map(({ row }) => figureCents(row.wertEUR as string))).toEqual(
        roi.map(({ fields }) => cents(fields[VALUE] as string)),
      );
      expect(pdf.income.map((l) => figureCents(l.value))).toEqual(
        roi.map(({ fields }) => cents(fields[VALUE] as string)),
      );
      expect(pdf.disposals.map((d) => [figureCents(d.proceeds), figureCents(d.gain)])).toEqual(
        taxable.map(({ fields }) => [cents(fields[PROCEEDS] as string), cents(fields[GAIN] as string)]),
      );
      expect(proceeds, `proceeds ${year}`).toBe(figureCents(yearProceeds(report.transactions, Number(year)).proceeds));
    }
  });
});
