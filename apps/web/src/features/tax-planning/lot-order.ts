import type { PlannedLot } from "@pulsemanager/core";

/** How the open lots can be ordered. */
export const LOT_ORDERS = ["taxFree", "value", "gain", "acquired"] as const;
export type LotOrder = (typeof LOT_ORDERS)[number];

/** A decimal EUR text as a number for ordering only (never for a figure shown); unknown last. */
function sortValue(text: string | null): number {
  return text === null ? Number.NEGATIVE_INFINITY : Number(text);
}

const COMPARE: Record<LotOrder, (a: PlannedLot, b: PlannedLot) => number> = {
  // The soonest tax-free first; already tax-free at the end, unknown dates last.
  taxFree: (a, b) => rank(a) - rank(b),
  value: (a, b) => sortValue(b.value) - sortValue(a.value),
  gain: (a, b) => sortValue(b.gain) - sortValue(a.gain),
  acquired: (a, b) => (a.acquired ?? "9999").localeCompare(b.acquired ?? "9999"),
};

function rank(lot: PlannedLot): number {
  if (lot.daysUntilTaxFree === null) return Number.MAX_SAFE_INTEGER;
  return lot.daysUntilTaxFree === 0 ? Number.MAX_SAFE_INTEGER - 1 : lot.daysUntilTaxFree;
}

/** The lots that match the search (symbol, token address or wallet), in the chosen order. */
export function orderedLots(lots: readonly PlannedLot[], order: LotOrder, search: string): PlannedLot[] {
  const q = search.trim().toLowerCase();
  const matching = q
    ? lots.filter((l) => l.symbol.toLowerCase().includes(q) || l.token.includes(q) || l.wallet.includes(q))
    : [...lots];
  return matching.sort(COMPARE[order]);
}
