/**
 * Sorting the report table by date, value or gain. The orders by value and by gain are computed once
 * per result (in the result's Web Worker, see report-derived.ts): row indexes
 * ascending by the exact EUR amount, rows without a value after them. Descending is the known part
 * reversed, the unknown rows still last.
 */
import { parseEur, type ReportTransaction } from "@pulsemanager/core";

export const REPORT_SORTS = ["date-asc", "date-desc", "value-desc", "value-asc", "gain-desc", "gain-asc"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export interface KeyOrder {
  /** Row indexes ascending by the key; the rows without one at the end. */
  order: Int32Array;
  /** How many rows have the key. */
  known: number;
}

export interface SortOrders {
  value: KeyOrder;
  gain: KeyOrder;
}

function keyOrder(rows: readonly ReportTransaction[], key: (row: ReportTransaction) => string | null): KeyOrder {
  const known: { i: number; v: bigint }[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const text = key(rows[i] as ReportTransaction);
    if (text === null) unknown.push(i);
    else known.push({ i, v: parseEur(text) });
  }
  known.sort((a, b) => (a.v < b.v ? -1 : a.v > b.v ? 1 : a.i - b.i));
  const order = new Int32Array(rows.length);
  known.forEach((e, p) => {
    order[p] = e.i;
  });
  order.set(unknown, known.length);
  return { order, known: known.length };
}

export function computeSortOrders(rows: readonly ReportTransaction[]): SortOrders {
  return { value: keyOrder(rows, (r) => r.wertEUR), gain: keyOrder(rows, (r) => r.gain) };
}

function descending({ order, known }: KeyOrder): Int32Array {
  const out = new Int32Array(order.length);
  for (let p = 0; p < known; p++) out[p] = order[known - 1 - p] as number;
  out.set(order.subarray(known), known);
  return out;
}

function reversed(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let p = 0; p < n; p++) out[p] = n - 1 - p;
  return out;
}

/** Row indexes in the order of `sort`; null for the report's own order (oldest first). */
export function sortedOrder(orders: SortOrders, rowCount: number, sort: ReportSort): Int32Array | null {
  switch (sort) {
    case "date-asc":
      return null;
    case "date-desc":
      return reversed(rowCount);
    case "value-asc":
      return orders.value.order;
    case "value-desc":
      return descending(orders.value);
    case "gain-asc":
      return orders.gain.order;
    case "gain-desc":
      return descending(orders.gain);
  }
}
