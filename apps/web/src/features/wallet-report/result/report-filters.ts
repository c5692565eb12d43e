/**
 * The filter tabs: the spec's five (alle, käufe, verkäufe, roi, steuerpflichtig) and tausch, unbekannt,
 * transfers. What each row belongs to is computed once per result in one pass as bit flags (a
 * Uint16Array: 200,000 rows cost 0.4 MB), so a tab, a search or "hide unpriced airdrops" only walks
 * the flags.
 */
import { isUnpricedAirdrop, type ReportTransaction } from "@pulsemanager/core";

export const REPORT_FILTERS = [
  "alle",
  "käufe",
  "verkäufe",
  "roi",
  "steuerpflichtig",
  "tausch",
  "unbekannt",
  "transfers",
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

type FlagRow = Pick<ReportTransaction, "typ" | "steuerpflichtig" | "kind" | "wertEUR">;

const BIT: Record<ReportFilter, number> = {
  alle: 1,
  käufe: 2,
  verkäufe: 4,
  roi: 8,
  steuerpflichtig: 16,
  tausch: 32,
  unbekannt: 64,
  transfers: 128,
};
const AIRDROP_BIT = 256;

const TYP_FILTER: Partial<Record<ReportTransaction["typ"], ReportFilter>> = {
  Kauf: "käufe",
  Verkauf: "verkäufe",
  ROI: "roi",
  Tausch: "tausch",
  Unbekannt: "unbekannt",
  Transfer: "transfers",
};

/** Which tabs a row belongs to besides "alle". */
export function rowFilters(row: Pick<ReportTransaction, "typ" | "steuerpflichtig">): ReportFilter[] {
  const out: ReportFilter[] = [];
  const byTyp = TYP_FILTER[row.typ];
  if (byTyp) out.push(byTyp);
  if (row.steuerpflichtig === true) out.push("steuerpflichtig");
  return out;
}

function flagsOf(row: FlagRow): number {
  let flags = BIT.alle;
  const byTyp = TYP_FILTER[row.typ];
  if (byTyp) flags |= BIT[byTyp];
  if (row.steuerpflichtig === true) flags |= BIT.steuerpflichtig;
  if (isUnpricedAirdrop(row)) flags |= AIRDROP_BIT;
  return flags;
}

/** Per row: its tabs and whether it is an unpriced airdrop. */
export function rowFlags(rows: readonly FlagRow[]): Uint16Array {
  const flags = new Uint16Array(rows.length);
  for (let i = 0; i < rows.length; i++) flags[i] = flagsOf(rows[i] as FlagRow);
  return flags;
}

export function isAirdropFlag(flags: number): boolean {
  return (flags & AIRDROP_BIT) !== 0;
}

export interface ViewOptions {
  filter: ReportFilter;
  hideAirdrops: boolean;
  /** 1 for the rows that match the search; null: no search. */
  mask: Uint8Array | null;
  /** Row indexes in the chosen order; null: report order (by date). */
  order: Int32Array | null;
}

function visible(flags: number, hideAirdrops: boolean): boolean {
  return !hideAirdrops || (flags & AIRDROP_BIT) === 0;
}

/** The rows the table shows, as indexes into the rows, in order. */
export function viewOf(flags: Uint16Array, options: ViewOptions): Int32Array {
  const { filter, hideAirdrops, mask, order } = options;
  const bit = BIT[filter];
  const n = flags.length;
  const out = new Int32Array(n);
  let k = 0;
  for (let p = 0; p < n; p++) {
    const i = order ? (order[p] as number) : p;
    const f = flags[i] as number;
    if ((f & bit) !== 0 && visible(f, hideAirdrops) && (!mask || mask[i] === 1)) out[k++] = i;
  }
  return out.slice(0, k);
}

/** How many rows each tab shows with the search and the airdrop setting. */
export function filterCounts(
  flags: Uint16Array,
  options: Pick<ViewOptions, "hideAirdrops" | "mask"> = { hideAirdrops: false, mask: null },
): Record<ReportFilter, number> {
  const counts = Object.fromEntries(REPORT_FILTERS.map((f) => [f, 0])) as Record<ReportFilter, number>;
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i] as number;
    if (!visible(f, options.hideAirdrops) || (options.mask && options.mask[i] !== 1)) continue;
    for (const filter of REPORT_FILTERS) if ((f & BIT[filter]) !== 0) counts[filter]++;
  }
  return counts;
}
