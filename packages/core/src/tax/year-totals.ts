/**
 * Year totals: per German calendar year the §23 gains inside and after the one-year period, the §22
 * income, the counts of disposals, unknown gains and missing prices; at the end the figures with the
 * Freigrenzen, and their sums for the report year (or all years).
 */
import { eurCents, eurExact } from "./fixed.ts";
import { afterFreigrenze, freigrenze22, freigrenze23 } from "./freigrenze.ts";
import type { YearFigures } from "./types.ts";

export interface YearAcc {
  taxable: bigint;
  taxFree: bigint;
  income: bigint;
  disposals: number;
  unknownGains: number;
  missing: number;
}

export const newYearAcc = (): YearAcc => ({
  taxable: 0n,
  taxFree: 0n,
  income: 0n,
  disposals: 0,
  unknownGains: 0,
  missing: 0,
});

/** The report year's (or all years') exact sums, and whether a Freigrenze was crossed. */
export interface YearSums {
  taxable: bigint;
  taxFree: bigint;
  taxableAfter: bigint;
  income: bigint;
  incomeAfter: bigint;
  crossed23: boolean;
  crossed22: boolean;
}

function figuresOf(y: number, a: YearAcc, taxableAfter: bigint, incomeAfter: bigint): YearFigures {
  const g23 = freigrenze23(y);
  const g22 = freigrenze22(y);
  return {
    year: y,
    gainTaxable: eurCents(a.taxable),
    gainTaxFree: eurCents(a.taxFree),
    gainTaxableAfterFreigrenze: eurCents(taxableAfter),
    income22: eurCents(a.income),
    income22AfterFreigrenze: eurCents(incomeAfter),
    freigrenze23: eurCents(g23),
    freigrenze22: eurCents(g22),
    freigrenze23Crossed: a.taxable >= g23,
    freigrenze22Crossed: a.income >= g22,
    disposals: a.disposals,
    unknownGains: a.unknownGains,
    missingPrices: a.missing,
    exact: { gainTaxable: eurExact(a.taxable), gainTaxFree: eurExact(a.taxFree), income22: eurExact(a.income) },
  };
}

export class YearTotals {
  private readonly years = new Map<number, YearAcc>();

  of(year: number): YearAcc {
    let acc = this.years.get(year);
    if (!acc) {
      acc = newYearAcc();
      this.years.set(year, acc);
    }
    return acc;
  }

  /** The figures of every year (in order), and the sums of `reportYear` (all years when undefined). */
  figures(reportYear: number | undefined): { years: Record<string, YearFigures>; sums: YearSums } {
    // The report year always has its figures, zeros when nothing happened in it.
    if (reportYear !== undefined) this.of(reportYear);
    const years: Record<string, YearFigures> = {};
    const sums: YearSums = {
      taxable: 0n,
      taxFree: 0n,
      taxableAfter: 0n,
      income: 0n,
      incomeAfter: 0n,
      crossed23: false,
      crossed22: false,
    };
    for (const y of [...this.years.keys()].sort((a, b) => a - b)) {
      const a = this.years.get(y) as YearAcc;
      const taxableAfter = afterFreigrenze(a.taxable, freigrenze23(y));
      const incomeAfter = afterFreigrenze(a.income, freigrenze22(y));
      const f = figuresOf(y, a, taxableAfter, incomeAfter);
      years[String(y)] = f;
      if (reportYear !== undefined && reportYear !== y) continue;
      sums.taxable += a.taxable;
      sums.taxFree += a.taxFree;
      sums.taxableAfter += taxableAfter;
      sums.income += a.income;
      sums.incomeAfter += incomeAfter;
      sums.crossed23 ||= f.freigrenze23Crossed;
      sums.crossed22 ||= f.freigrenze22Crossed;
    }
    return { years, sums };
  }
}
