import { D, type Dec, type TokenHolding } from "@pulsemanager/core";
import { compareNames } from "../../lib/compare-names.ts";

export type SortKey = "value" | "balance" | "price" | "name";
export type SortDirection = "asc" | "desc";
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: "value", direction: "desc" };

type Row = Pick<TokenHolding, "symbol" | "name" | "balance" | "price" | "value">;

/** The amount a row sorts by, parsed once per row (not once per comparison: thousands of rows). */
function sortAmount(row: Row, key: SortKey): Dec | null {
  if (key === "name") return null;
  const text = key === "price" ? row.price : row[key];
  return text === null ? null : new D(text);
}

/** Sorts token rows by value, balance, price or name; ties by symbol so the order is stable. */
export function sortTokens<T extends Row>(tokens: readonly T[], sort: SortState): T[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  const keyed = tokens.map((token) => ({ token, amount: sortAmount(token, sort.key) }));
  keyed.sort((a, b) => {
    let result: number;
    if (sort.key === "name") result = compareNames(a.token.symbol || a.token.name, b.token.symbol || b.token.name);
    else if (a.amount === null || b.amount === null) {
      // Tokens without a price come last, whatever the direction.
      if (a.amount !== b.amount) return a.amount === null ? 1 : -1;
      result = 0;
    } else result = a.amount.comparedTo(b.amount);
    return result * sign || compareNames(a.token.symbol, b.token.symbol);
  });
  return keyed.map((k) => k.token);
}

/** A click on a column: the same column flips the direction; a new one starts descending (name: ascending). */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: key === "name" ? "asc" : "desc" };
}
