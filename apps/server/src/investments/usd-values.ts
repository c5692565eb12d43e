import { berlinDateOf, eurToUsd, type Investment } from "@pulsemanager/core";
import type { ChainServices } from "../chain/services.ts";

/** The chain services the USD figures read: the euro reference rates. */
export type UsdValueDeps = Pick<ChainServices, "fx">;

/**
 * The USD figures the returns are computed with: a USD investment as entered; a EUR one with the ECB
 * reference rate (the FX service): its purchase price at the rate of the purchase date, its entered
 * current value at the newest rate. A live value (quantity x price) is in USD already. Without a rate
 * (offline, before 1999) the USD figure stays null and the investment is left out of the totals.
 */
export async function withUsdValues(
  deps: { chain: UsdValueDeps; now: () => Date },
  investments: Investment[],
): Promise<Investment[]> {
  const today = berlinDateOf(Math.floor(deps.now().getTime() / 1000));
  const inEur = investments.filter((i) => i.currency === "EUR");
  const days = [...new Set([today, ...inEur.map((i) => i.purchaseDate)])];
  const rates = inEur.length > 0 ? await ratesOn(deps.chain, days) : new Map<string, string>();
  return investments.map((i) => {
    if (i.currency === "USD")
      return { ...i, purchasePriceUsd: i.purchasePrice, currentValueUsd: i.liveValueUsd ?? i.currentValue };
    const purchaseRate = rates.get(i.purchaseDate);
    const todayRate = rates.get(today);
    return {
      ...i,
      purchasePriceUsd: purchaseRate ? eurToUsd(i.purchasePrice, purchaseRate) : null,
      currentValueUsd: i.liveValueUsd ?? (todayRate ? eurToUsd(i.currentValue, todayRate) : null),
    };
  });
}

/** USD per EUR for each day that has a rate (on it or the last business day before). */
async function ratesOn(chain: UsdValueDeps, days: string[]): Promise<Map<string, string>> {
  try {
    const answer = await chain.fx.usdPerEur(days);
    const rates = new Map<string, string>();
    for (const [day, rate] of answer.rates) if (rate) rates.set(day, rate.rate);
    return rates;
  } catch {
    return new Map();
  }
}
