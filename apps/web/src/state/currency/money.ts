import { type DisplayCurrency, type DisplayRate, shownCurrency, toDisplayAmount } from "@pulsemanager/core";
import { formatFixed, PRICE_DECIMALS, usdDecimals } from "../../lib/format-number.ts";

/** How values are shown: the wanted currency, the rate of the day (null: none known), the UI language. */
export interface MoneyContext {
  wanted: DisplayCurrency;
  rate: DisplayRate | null | undefined;
  language: string;
}

function converted(usd: string, { wanted, rate }: MoneyContext) {
  try {
    return toDisplayAmount(usd, wanted, rate);
  } catch {
    return null;
  }
}

/** A USD value (decimal string) in the shown currency: 2 decimals, 6 under 0.01, exact conversion. */
export function formatMoney(usd: string, context: MoneyContext): string {
  const value = converted(usd, context);
  if (!value) return "–";
  return formatFixed(value.amount, context.language, { decimals: usdDecimals(value.amount), currency: value.currency });
}

/** A price per token in the shown currency (8 decimals, tiny prices keep their significant digits). */
export function formatMoneyPrice(usd: string, context: MoneyContext): string {
  const value = converted(usd, context);
  if (!value) return "–";
  return formatFixed(value.amount, context.language, { decimals: PRICE_DECIMALS, currency: value.currency });
}

export interface HistoryPoint {
  day: string;
  /** In the chart's currency, a decimal string. */
  amount: string;
}

/**
 * The value history in one currency: euros when every day has its own rate, otherwise all in
 * dollars (a chart never mixes currencies).
 */
export function historyIn(
  snapshots: readonly { day: string; totalValue: string; fx: DisplayRate | null }[],
  wanted: DisplayCurrency,
): { currency: DisplayCurrency; points: HistoryPoint[] } {
  const currency = snapshots.every((s) => shownCurrency(wanted, s.fx) === "EUR") ? wanted : "USD";
  const points = snapshots.map((s) => ({
    day: s.day,
    amount: toDisplayAmount(s.totalValue, currency, s.fx).amount,
  }));
  return { currency, points };
}
