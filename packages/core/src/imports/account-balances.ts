import { D, type Dec } from "../chains/amounts.ts";
import { normalTicker } from "./exchange-assets.ts";
import type { ImportedLeg, ImportedRow } from "./imported-row.ts";

/**
 * What an imported account holds after its rows (docs/product/imports.md, "In the portfolio"): per
 * ticker, everything that came in less everything that left and the fees. An export that does not
 * start at the account's opening can leave a ticker below zero: such a balance is kept apart as
 * `short`, never shown as a holding.
 */
export interface AccountBalances {
  /** Ticker (Kraken's codes read) -> exact amount above zero. */
  held: Map<string, string>;
  /** Tickers whose rows leave less than nothing (the export misses earlier rows). */
  short: string[];
}

export function accountBalances(rows: readonly ImportedRow[]): AccountBalances {
  const sums = new Map<string, Dec>();
  const add = (leg: ImportedLeg | undefined, sign: 1 | -1) => {
    if (!leg) return;
    const ticker = normalTicker(leg.asset);
    sums.set(ticker, (sums.get(ticker) ?? new D(0)).add(new D(leg.amount).mul(sign)));
  };
  for (const row of rows) {
    for (const leg of [row.in, ...(row.alsoIn ?? [])]) add(leg, 1);
    for (const leg of [row.out, ...(row.alsoOut ?? []), ...row.fees]) add(leg, -1);
  }
  const held = new Map<string, string>();
  const short: string[] = [];
  for (const [ticker, sum] of [...sums].sort(([a], [b]) => a.localeCompare(b))) {
    if (sum.isNegative() && !sum.isZero()) short.push(ticker);
    else if (!sum.isZero()) held.set(ticker, sum.toFixed());
  }
  return { held, short };
}
