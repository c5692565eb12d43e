/**
 * The figures the summary tiles and the warnings read: the report year's YearFigures (with the
 * Freigrenzen), falling back to the summary when the year had no events.
 */
import {
  freigrenze22,
  freigrenze23,
  type ReportCompleteness,
  reportCompleteness,
  type WalletReportResult,
  type YearFigures,
  type YearProceeds,
  yearProceeds,
} from "@pulsemanager/core";

const ATTO = 10n ** 18n;

/** Whole euros of a Freigrenze (core gives atto-euros as bigint) as a decimal string. */
function limitEur(atto: bigint): string {
  return `${atto / ATTO}.00`;
}

export function yearFiguresOf(result: WalletReportResult): YearFigures {
  const own = result.years[String(result.year)];
  if (own) return own;
  const s = result.summary;
  return {
    year: result.year,
    gainTaxable: s.gainTaxable,
    gainTaxFree: s.gainTaxFree,
    gainTaxableAfterFreigrenze: s.gainTaxableAfterFreigrenze,
    income22: s.income22,
    income22AfterFreigrenze: s.income22AfterFreigrenze,
    freigrenze23: limitEur(freigrenze23(result.year)),
    freigrenze22: limitEur(freigrenze22(result.year)),
    freigrenze23Crossed: s.freigrenze23Crossed,
    freigrenze22Crossed: s.freigrenze22Crossed,
    disposals: 0,
    unknownGains: 0,
    missingPrices: s.missingPrices,
    exact: { gainTaxable: s.gainTaxable, gainTaxFree: s.gainTaxFree, income22: s.income22 },
  };
}

export interface Completeness extends ReportCompleteness {
  /** Something is unknown: the figures are a lower bound (or unknown) until the user fills the gaps. */
  incomplete: boolean;
}

/** What the report lacks (core's reportCompleteness: the one rule whether the year's figures are final). */
export function completenessOf(result: WalletReportResult): Completeness {
  const c = reportCompleteness(result);
  return { ...c, incomplete: c.state !== "final" };
}

export type DisposalTotals = YearProceeds;

/** The year's Veräußerungserlöse (core's yearProceeds: the sum the CSV's proceeds lines add up to). */
export function disposalTotalsOf(result: WalletReportResult): DisposalTotals {
  return yearProceeds(result.transactions, result.year);
}
