/**
 * The lines of the advisor's Anlage SO tables: every taxable disposal of a year (one line per lot, in
 * the order of sale) and every §22 income line, each in whole cents that add up to the year's figures
 * (§23 gain, §22 income) exactly, so the tables' sums equal the report's tiles.
 */
import { centsEur } from "./fixed.ts";
import { isTaxableDisposal, lineEur, type ReportLineCents, reportLineCents } from "./line-cents.ts";
import { lotSymbol } from "./lot-symbol.ts";
import type { ReportTransaction } from "./types.ts";

export interface TaxableDisposalLine {
  hash: string;
  chainId: number | null;
  /** "YYYY-MM-DD" (German calendar dates). */
  acquired: string;
  sold: string;
  /** The symbol of the asset the lot is of (what was disposed of, e.g. the PLS that paid for a token). */
  symbol: string;
  /** Whole tokens, exact. */
  amount: string;
  /** EUR with 2 decimals, the lot's proceeds line (the same cents as in the CSV). */
  proceeds: string;
  /** EUR, exact. */
  cost: string;
  /** EUR with 2 decimals; the year's lines add up to its §23 figure. */
  gain: string;
}

export interface IncomeLine {
  hash: string;
  chainId: number | null;
  date: string;
  symbol: string;
  amount: string;
  /** EUR with 2 decimals; the year's lines add up to its §22 figure. */
  value: string;
}

export interface AnlageSoLines {
  disposals: TaxableDisposalLine[];
  /** Sum of the lines' gains (EUR, 2 decimals) = the year's gainTaxable. */
  disposalsTotal: string;
  income: IncomeLine[];
  /** Sum of the income lines (EUR, 2 decimals) = the year's income22. */
  incomeTotal: string;
}

function disposalLines(
  rows: readonly ReportTransaction[],
  year: string,
  cents: ReportLineCents,
): TaxableDisposalLine[] {
  const picked: { row: ReportTransaction; lot: ReportTransaction["lots"][number] }[] = [];
  for (const row of rows) {
    if (!row.date.startsWith(year)) continue;
    for (const lot of row.lots) if (isTaxableDisposal(lot)) picked.push({ row, lot });
  }
  return picked.map(({ row, lot }) => ({
    hash: row.hash,
    chainId: row.chainId,
    acquired: lot.acquired as string, // taxFree false implies a known acquisition date
    sold: row.date,
    symbol: lotSymbol(row, lot),
    amount: lot.amount,
    proceeds: lineEur(cents.proceeds, lot) ?? "0.00",
    cost: lot.cost ?? "0",
    gain: lineEur(cents.taxableGain, lot) ?? "0.00",
  }));
}

function incomeLines(rows: readonly ReportTransaction[], year: string, cents: ReportLineCents): IncomeLine[] {
  const picked = rows.filter((row) => row.kind === "income" && row.income !== null && row.date.startsWith(year));
  return picked.map((row) => ({
    hash: row.hash,
    chainId: row.chainId,
    date: row.date,
    symbol: row.coin_name,
    amount: row.amount,
    value: lineEur(cents.income, row) ?? "0.00",
  }));
}

function sumCents(values: readonly string[]): string {
  return centsEur(values.reduce((sum, v) => sum + BigInt(v.replace(".", "")), 0n));
}

/** The taxable disposals and income lines of `year`, rows in report order (chronological). */
export function anlageSoLines(rows: readonly ReportTransaction[], year: number): AnlageSoLines {
  const y = String(year);
  const ofYear = rows.filter((row) => row.date.startsWith(y));
  const cents = reportLineCents(ofYear);
  const disposals = disposalLines(ofYear, y, cents);
  const income = incomeLines(ofYear, y, cents);
  return {
    disposals,
    disposalsTotal: sumCents(disposals.map((d) => d.gain)),
    income,
    incomeTotal: sumCents(income.map((l) => l.value)),
  };
}
