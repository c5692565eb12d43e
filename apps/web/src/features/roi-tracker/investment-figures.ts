import { type Investment, investmentReturn } from "@pulsemanager/core";

/** The USD figures a return is computed with (the server converts EUR with the ECB rates), or null without a rate. */
export function usdFigures(inv: Investment): { purchasePriceUsd: string; currentValueUsd: string } | null {
  if (inv.purchasePriceUsd === null || inv.currentValueUsd === null) return null;
  return { purchasePriceUsd: inv.purchasePriceUsd, currentValueUsd: inv.currentValueUsd };
}

/** The return of all investments in USD, and how many are left out for want of a euro rate. */
export function investmentsTotal(investments: readonly Investment[]) {
  const figures = investments.map(usdFigures);
  const counted = figures.filter((f) => f !== null);
  return { ...investmentReturn(counted), leftOut: figures.length - counted.length };
}
