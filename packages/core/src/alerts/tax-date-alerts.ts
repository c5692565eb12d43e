import Decimal from "decimal.js";
import type { PlannedLot, YearRoom } from "../tax/planning-api.ts";
import type { Alert } from "./alerts-api.ts";

/** Lots whose one-year period ends within this many days are announced. */
export const TAX_FREE_DAYS_AHEAD = 7;

/** The §22 Nr. 3 income of the year at which the holder hears that the Freigrenze is near (EUR). */
export const FREIGRENZE_WARNING_EUR = "200";

/**
 * Lots worth at least `minValueEur` each that turn tax-free within the next TAX_FREE_DAYS_AHEAD days,
 * summed per token, wallet and date (one alert each; a lot without a price or date is not announced).
 */
export function taxFreeAlerts(lots: readonly PlannedLot[], minValueEur: string): Alert[] {
  const groups = new Map<string, { lot: PlannedLot; amount: Decimal; value: Decimal }>();
  for (const lot of lots) {
    const days = lot.daysUntilTaxFree;
    if (days === null || days < 1 || days > TAX_FREE_DAYS_AHEAD || lot.taxFreeFrom === null || lot.value === null)
      continue;
    if (new Decimal(lot.value).lt(minValueEur)) continue;
    const key = `taxFree:${lot.asset}:${lot.wallet.toLowerCase()}:${lot.taxFreeFrom}`;
    const g = groups.get(key) ?? { lot, amount: new Decimal(0), value: new Decimal(0) };
    g.amount = g.amount.add(lot.amount);
    g.value = g.value.add(lot.value);
    groups.set(key, g);
  }
  return [...groups].map(([key, { lot, amount, value }]) => ({
    key,
    facts: {
      kind: "taxFree",
      date: lot.taxFreeFrom as string,
      chainId: lot.chainId,
      symbol: lot.symbol,
      wallet: lot.wallet.toLowerCase(),
      amount: amount.toFixed(),
      valueEur: value.toFixed(2),
    },
  }));
}

/**
 * Once a year: the §22 Nr. 3 income of the year has reached FREIGRENZE_WARNING_EUR. The room is what is
 * left before the Freigrenze (256 EUR), where all of it becomes taxable. A history not read to the end
 * can only add income, so what was read is enough to warn.
 */
export function freigrenzeAlert(room: YearRoom): Alert | null {
  if (new Decimal(room.income22).lt(FREIGRENZE_WARNING_EUR)) return null;
  return {
    key: `freigrenze:${room.year}`,
    facts: {
      kind: "freigrenze",
      year: room.year,
      incomeEur: room.income22,
      freigrenzeEur: room.freigrenze22,
      roomEur: room.room22,
    },
  };
}
