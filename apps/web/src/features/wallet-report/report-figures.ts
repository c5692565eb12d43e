/**
 * The figures the summary tiles and the warnings read: the report year's YearFigures (with the
 * Freigrenzen), falling back to the summary when the year had no events.
 */
import {
  freigrenze22,
  freigrenze23,
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

export interface Completeness {
  missingPrices: number;
  unknownCosts: number;
  unknownGains: number;
  incompleteChains: number[];
  /** Something is unknown: the figures are a lower bound until the user fills the gaps. */
  incomplete: boolean;
}

export function completenessOf(result: WalletReportResult): Completeness {
  const year = yearFiguresOf(result);
  const missingPrices = Math.max(result.summary.missingPrices, result.missingPrices.length);
  const unknownCosts = Math.max(result.summary.unknownCosts, result.unknownCosts.length);
  const unknownGains = year.unknownGains;
  const incompleteChains = result.meta.incompleteChains;
  return {
    missingPrices,
    unknownCosts,
    unknownGains,
    incompleteChains,
    incomplete: missingPrices > 0 || unknownCosts > 0 || unknownGains > 0 || incompleteChains.length > 0,
  };
}

export type DisposalTotals = YearProceeds;

/** The year's Veräußerungserlöse (core's yearProceeds: the sum the CSV's proceeds lines add up to). */
export function disposalTotalsOf(result: WalletReportResult): DisposalTotals {
  return yearProceeds(result.transactions, result.year);
}
