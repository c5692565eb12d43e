/**
 * The lots of an opened row as lines: the proceeds and taxable gains in the cents the advisor CSV and
 * PDF print (core reportLineCents: each year's lines add up to its totals), so a lot shows the same
 * amount on the page as in the exports.
 */
import {
  type LotLines,
  lotLinesOf,
  type ReportLineCents,
  type ReportTransaction,
  reportLineCents,
} from "@pulsemanager/core";

/** Lot lines of any row, the year's shares computed once on first use (core reportLineCents). */
export function lotLinesReader(rows: readonly ReportTransaction[]): (index: number) => LotLines {
  let cents: ReportLineCents | null = null;
  return (index) => {
    cents ??= reportLineCents(rows);
    const row = rows[index];
    return row ? lotLinesOf(cents, row) : { proceeds: [], gain: [] };
  };
}
