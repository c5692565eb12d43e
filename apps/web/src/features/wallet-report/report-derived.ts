/**
 * What the page reads from every row of a report, computed once per result: the rows' tab flags, the
 * sort orders and the year's disposal totals. For a large report they are computed in the result's
 * Web Worker (report-result.worker.ts) and handed over with the rows, so the page never walks 200,000
 * rows itself; otherwise here, on first use. Kept per rows array.
 */
import type { ReportTransaction, WalletReportResult } from "@pulsemanager/core";
import { type DisposalTotals, disposalTotalsOf } from "./report-figures.ts";
import { rowFlags } from "./report-filters.ts";
import { computeSortOrders, type SortOrders } from "./report-sort.ts";

export interface ReportDerived {
  flags: Uint16Array;
  orders: SortOrders;
  disposals: DisposalTotals;
}

export function computeDerived(result: WalletReportResult): ReportDerived {
  const rows = result.transactions;
  return { flags: rowFlags(rows), orders: computeSortOrders(rows), disposals: disposalTotalsOf(result) };
}

/** The buffers a worker hands over without copying. */
export function transferablesOf(derived: ReportDerived): ArrayBuffer[] {
  const { flags, orders } = derived;
  return [flags.buffer, orders.value.order.buffer, orders.gain.order.buffer] as ArrayBuffer[];
}

const cache = new WeakMap<readonly ReportTransaction[], ReportDerived>();

export function rememberDerived(rows: readonly ReportTransaction[], derived: ReportDerived): void {
  cache.set(rows, derived);
}

export function derivedOf(result: WalletReportResult): ReportDerived {
  let derived = cache.get(result.transactions);
  if (!derived) {
    derived = computeDerived(result);
    cache.set(result.transactions, derived);
  }
  return derived;
}
