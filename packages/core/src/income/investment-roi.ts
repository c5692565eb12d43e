import { D } from "../chains/amounts.ts";

export interface InvestmentReturn {
  /** current - purchase, USD with 2 decimals. */
  absolute: string;
  /** (current - purchase) / purchase in percent with 2 decimals; null when nothing was paid. */
  percent: string | null;
}

/** The return of one investment, or of several added up, exactly (decimal strings in, out). */
export function investmentReturn(
  entries: readonly { purchasePriceUsd: string; currentValueUsd: string }[],
): InvestmentReturn & { purchase: string; current: string } {
  let purchase = new D(0);
  let current = new D(0);
  for (const e of entries) {
    purchase = purchase.add(e.purchasePriceUsd);
    current = current.add(e.currentValueUsd);
  }
  const gain = current.sub(purchase);
  return {
    purchase: purchase.toFixed(2, D.ROUND_HALF_UP),
    current: current.toFixed(2, D.ROUND_HALF_UP),
    absolute: gain.toFixed(2, D.ROUND_HALF_UP),
    percent: purchase.isZero() ? null : gain.div(purchase).mul(100).toFixed(2, D.ROUND_HALF_UP),
  };
}
