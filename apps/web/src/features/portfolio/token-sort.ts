import { D, type TokenHolding } from "@pulsemanager/core";

export type SortKey = "value" | "balance" | "price" | "name";
export type SortDirection = "asc" | "desc";
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: "value", direction: "desc" };

function compareDecimal(a: string, b: string): number {
  return new D(a).comparedTo(new D(b));
}

type Row = Pick<TokenHolding, "symbol" | "name" | "balance" | "price" | "value">;

/** Sorts token rows by value, balance, price or name; ties by symbol so the order is stable. */
export function sortTokens<T extends Row>(tokens: readonly T[], sort: SortState): T[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  const collator = new Intl.Collator("de", { sensitivity: "base", numeric: true });
  return [...tokens].sort((a, b) => {
    let result: number;
    if (sort.key === "name") result = collator.compare(a.symbol || a.name, b.symbol || b.name);
    else if (sort.key === "price") {
      // Tokens without a price come last, whatever the direction.
      if (a.price === null || b.price === null) {
        if (a.price !== b.price) return a.price === null ? 1 : -1;
        result = 0;
      } else result = compareDecimal(a.price, b.price);
    } else result = compareDecimal(a[sort.key], b[sort.key]);
    return result * sign || collator.compare(a.symbol, b.symbol);
  });
}

/** A click on a column: the same column flips the direction; a new one starts descending (name: ascending). */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: key === "name" ? "asc" : "desc" };
}
