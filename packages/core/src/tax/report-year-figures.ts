/**
 * The report year's figures (the page's tiles, the advisor PDF, the Anlage SO lines, the package): the
 * year's own (`years`), or, when the year had no events, the summary's with the year's Freigrenzen
 * (nothing disposed of, so no unknown gain; the exact figures are the summary's).
 */
import { eurCents } from "./fixed.ts";
import { freigrenze22, freigrenze23 } from "./freigrenze.ts";
import type { WalletReportResult } from "./report-api.ts";
import type { YearFigures } from "./types.ts";

export function reportYearFigures(result: Pick<WalletReportResult, "year" | "years" | "summary">): YearFigures {
  const year = result.years[String(result.year)];
  if (year) return year;
  const s = result.summary;
  return {
    year: result.year,
    gainTaxable: s.gainTaxable,
    gainTaxFree: s.gainTaxFree,
    gainTaxableAfterFreigrenze: s.gainTaxableAfterFreigrenze,
    income22: s.income22,
    income22AfterFreigrenze: s.income22AfterFreigrenze,
    freigrenze23: eurCents(freigrenze23(result.year)),
    freigrenze22: eurCents(freigrenze22(result.year)),
    freigrenze23Crossed: s.freigrenze23Crossed,
    freigrenze22Crossed: s.freigrenze22Crossed,
    disposals: 0,
    unknownGains: 0,
    missingPrices: s.missingPrices,
    exact: { gainTaxable: s.gainTaxable, gainTaxFree: s.gainTaxFree, income22: s.income22 },
  };
}
