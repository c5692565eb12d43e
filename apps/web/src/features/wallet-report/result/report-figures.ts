/**
 * The figures the summary tiles and the warnings read: the report year's YearFigures (with the
 * Freigrenzen), falling back to the summary when the year had no events.
 */
import {
  type ReportCompleteness,
  reportCompleteness,
  reportYearFigures,
  type WalletReportResult,
  type YearFigures,
  type YearProceeds,
  yearProceeds,
} from "@pulsemanager/core";

/** The report year's figures (core's reportYearFigures: the year's own, else the summary's). */
export const yearFiguresOf = (result: WalletReportResult): YearFigures => reportYearFigures(result);

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
