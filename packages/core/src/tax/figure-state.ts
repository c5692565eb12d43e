/**
 * Is this year's tax figure final? The one rule for the report page, the advisor PDF and the ROI
 * tracker: a figure built on a history that could not be read completely is not a figure at all
 * (anything may be missing, so no Freigrenze verdict); one with gaps the user can fill (missing
 * prices, unknown costs) is provisional, a lower bound; only a figure with neither is final.
 */
import type { WalletReportResult } from "./report-api.ts";

export type TaxFigureState =
  /** Everything read and valued: the Freigrenze verdict ("steuerfrei" / "steuerpflichtig") stands. */
  | "final"
  /** Read completely, but values are unknown (missing prices, unknown costs): a lower bound. */
  | "provisional"
  /** A chain's history could not be read (completely): the figure and its verdict are unknown. */
  | "unknown";

export interface FigureInputs {
  /** Chains (or sources) whose history could not be read completely. */
  unreadHistories: number;
  /** Values that are unknown: missing prices, unknown costs or gains. */
  unknownValues: number;
}

export function taxFigureState({ unreadHistories, unknownValues }: FigureInputs): TaxFigureState {
  if (unreadHistories > 0) return "unknown";
  return unknownValues > 0 ? "provisional" : "final";
}

/** What a wallet report lacks for its year, and so how final its figures are. */
export interface ReportCompleteness {
  missingPrices: number;
  unknownCosts: number;
  /** Disposed lots of the year whose gain is unknown. */
  unknownGains: number;
  incompleteChains: number[];
  state: TaxFigureState;
}

export function reportCompleteness(
  result: Pick<WalletReportResult, "year" | "years" | "summary" | "missingPrices" | "unknownCosts" | "meta">,
): ReportCompleteness {
  const missingPrices = Math.max(result.summary.missingPrices, result.missingPrices.length);
  const unknownCosts = Math.max(result.summary.unknownCosts, result.unknownCosts.length);
  const unknownGains = result.years[String(result.year)]?.unknownGains ?? 0;
  const incompleteChains = result.meta.incompleteChains;
  const state = taxFigureState({
    unreadHistories: incompleteChains.length,
    unknownValues: missingPrices + unknownCosts + unknownGains,
  });
  return { missingPrices, unknownCosts, unknownGains, incompleteChains, state };
}

/** What may be said about a Freigrenze: the verdict stands only for a final figure. */
export type FreigrenzeVerdict = "below" | "crossed" | "belowProvisional" | "crossedProvisional" | "unknown";

export function freigrenzeVerdict(state: TaxFigureState, crossed: boolean): FreigrenzeVerdict {
  if (state === "unknown") return "unknown";
  if (state === "provisional") return crossed ? "crossedProvisional" : "belowProvisional";
  return crossed ? "crossed" : "below";
}
