/**
 * Is this year's tax figure final? The one rule for the report page, the advisor PDF and the ROI
 * tracker: a figure built on a history that could not be read completely is not a figure at all
 * (anything may be missing, so no Freigrenze verdict); one with gaps the user can fill (missing
 * prices, unknown costs) is provisional, a lower bound; only a figure with neither is final.
 */
import type { UnknownGroup } from "./declarations-api.ts";
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
  /**
   * Open points: groups of disposals of the year that used units of unknown acquisition or cost and
   * that the user has not declared; null for a report made before the open points existed.
   */
  openGroups: number | null;
  /** The year is complete (yearCompleteness); a report without open points is complete only when final. */
  complete: boolean;
  state: TaxFigureState;
}

/** What a year needs to be complete, as a stored report has it. */
export interface YearCompletenessInputs {
  /** The open points: undeclared groups of the year's disposals of unknown acquisition or cost. */
  unknowns: readonly UnknownGroup[];
  /** Prices missing in the year. */
  missingPrices: number;
  /** Chains whose history could not be read to the end. */
  incompleteChains: readonly number[];
}

/**
 * The year is complete (the tile and the PDF's first page say so in words) only when nothing is left
 * on the open points, no price is missing and every chain was read to the end. Arrivals never disposed
 * of do not count: they stay in the holdings and matter only in the year they are sold.
 */
export function yearCompleteness({ unknowns, missingPrices, incompleteChains }: YearCompletenessInputs): boolean {
  return unknowns.length === 0 && missingPrices === 0 && incompleteChains.length === 0;
}

/**
 * How final the year's figures are. With the open points (`unknowns`, reports made since they exist)
 * the figure is provisional while a group is open or a price is missing; arrivals of unknown cost that
 * were never disposed of do not make it provisional. Without them (older reports) every unknown cost counts.
 */
export function reportCompleteness(
  result: Pick<WalletReportResult, "year" | "years" | "summary" | "missingPrices" | "unknownCosts" | "meta"> & {
    unknowns?: readonly UnknownGroup[];
  },
): ReportCompleteness {
  const missingPrices = Math.max(result.summary.missingPrices, result.missingPrices.length);
  const unknownCosts = Math.max(result.summary.unknownCosts, result.unknownCosts.length);
  const unknownGains = result.years[String(result.year)]?.unknownGains ?? 0;
  const incompleteChains = result.meta.incompleteChains;
  const unknowns = result.unknowns;
  const state = taxFigureState({
    unreadHistories: incompleteChains.length,
    unknownValues: missingPrices + (unknowns ? unknowns.length : unknownCosts + unknownGains),
  });
  const complete = unknowns ? yearCompleteness({ unknowns, missingPrices, incompleteChains }) : state === "final";
  return {
    missingPrices,
    unknownCosts,
    unknownGains,
    incompleteChains,
    openGroups: unknowns ? unknowns.length : null,
    complete,
    state,
  };
}

/** What may be said about a Freigrenze: the verdict stands only for a final figure. */
export type FreigrenzeVerdict = "below" | "crossed" | "belowProvisional" | "crossedProvisional" | "unknown";

export function freigrenzeVerdict(state: TaxFigureState, crossed: boolean): FreigrenzeVerdict {
  if (state === "unknown") return "unknown";
  if (state === "provisional") return crossed ? "crossedProvisional" : "belowProvisional";
  return crossed ? "crossed" : "below";
}
