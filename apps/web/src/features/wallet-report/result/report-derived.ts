/**
 * What the page reads from every row of a report, computed once per result: the rows' tab flags, the
 * sort orders, the year's disposal totals, the unpriced airdrops per token and the gaps in order. For a loaded report
 * they are computed in its Web Worker (report-result.worker.ts), so the page never walks 200,000 rows
 * itself; for a report answered directly, here (see report-data.ts).
 */
import { type ReportGaps, reportGaps, type WalletReportResult } from "@pulsemanager/core";
import { type AirdropGroup, airdropGroups } from "./airdrop-groups.ts";
import { type DisposalTotals, disposalTotalsOf } from "./report-figures.ts";
import { isAirdropFlag, rowFlags } from "./report-filters.ts";
import { computeSortOrders, type SortOrders } from "./report-sort.ts";

export interface ReportDerived {
  flags: Uint16Array;
  orders: SortOrders;
  disposals: DisposalTotals;
  airdrops: AirdropGroup[];
  /** The gaps in the order that matters (warnings, advisor PDF). */
  gaps: ReportGaps;
}

export function computeDerived(result: WalletReportResult): ReportDerived {
  const rows = result.transactions;
  const flags = rowFlags(rows);
  return {
    flags,
    orders: computeSortOrders(rows),
    disposals: disposalTotalsOf(result),
    airdrops: airdropGroups(rows, (i) => isAirdropFlag(flags[i] ?? 0)),
    gaps: reportGaps(result),
  };
}

/** The buffers a worker hands over without copying. */
export function transferablesOf(derived: ReportDerived): ArrayBuffer[] {
  const { flags, orders } = derived;
  return [flags.buffer, orders.value.order.buffer, orders.gain.order.buffer] as ArrayBuffer[];
}
