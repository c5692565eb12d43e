import { D, type Dec, type MarketToken } from "@pulsemanager/core";
import { compareNames } from "../../lib/compare-names.ts";

export const MARKET_SORT_KEYS = ["name", "symbol", "priceUsd", "change24h", "volume24hUsd", "marketCapUsd"] as const;
export type MarketSortKey = (typeof MARKET_SORT_KEYS)[number];
export interface MarketSort {
  key: MarketSortKey;
  direction: "asc" | "desc";
}

/** Null keeps the server's order (known tokens first); a click on a column sorts by it. */
export type MarketSortState = MarketSort | null;

type Row = Pick<MarketToken, MarketSortKey>;
const TEXT_KEYS: ReadonlySet<MarketSortKey> = new Set(["name", "symbol"]);

function amountOf(row: Row, key: MarketSortKey): Dec | null {
  const value = row[key];
  return value === null ? null : new D(value);
}

/** Sorts rows by a column; rows without the figure come last whichever the direction, ties by symbol. */
export function sortMarketTokens<T extends Row>(rows: readonly T[], sort: MarketSortState): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === "asc" ? 1 : -1;
  const keyed = rows.map((row) => ({ row, amount: TEXT_KEYS.has(sort.key) ? null : amountOf(row, sort.key) }));
  keyed.sort((a, b) => {
    let result: number;
    if (TEXT_KEYS.has(sort.key)) {
      result = compareNames(String(a.row[sort.key]), String(b.row[sort.key]));
    } else if (a.amount === null || b.amount === null) {
      if (a.amount !== b.amount) return a.amount === null ? 1 : -1;
      result = 0;
    } else result = a.amount.comparedTo(b.amount);
    return result * sign || compareNames(a.row.symbol, b.row.symbol);
  });
  return keyed.map((k) => k.row);
}

/** The same column flips the direction; a new one starts descending (texts: ascending). */
export function nextMarketSort(current: MarketSortState, key: MarketSortKey): MarketSort {
  if (current?.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: TEXT_KEYS.has(key) ? "asc" : "desc" };
}
