import type { DisplayCurrency } from "../settings/settings-api.ts";
import { usdToEur } from "./rate-on.ts";

/** A rate older than this many days (before the asked day) is not the rate of the day: values stay in USD. */
export const DISPLAY_RATE_MAX_AGE_DAYS = 7;

/** The euro reference rate a portfolio value is converted with. */
export interface DisplayRate {
  /** USD per EUR, a decimal string. */
  usdPerEur: string;
  /** The day the rate was published for ("YYYY-MM-DD"). */
  rateDate: string;
  /** Who published it: "ecb", or "demo" for the offline demo's fixed rate. */
  source: string;
}

export interface DisplayAmount {
  /** Unrounded decimal string; round for display only. */
  amount: string;
  currency: DisplayCurrency;
}

/** The currency values are shown in: euros need a rate, without one they stay in dollars. */
export function shownCurrency(wanted: DisplayCurrency, rate: DisplayRate | null | undefined): DisplayCurrency {
  return wanted === "EUR" && rate ? "EUR" : "USD";
}

/** A USD value (decimal string) in the currency to show, converted exactly (decimal, never float). */
export function toDisplayAmount(
  usd: string,
  wanted: DisplayCurrency,
  rate: DisplayRate | null | undefined,
): DisplayAmount {
  if (shownCurrency(wanted, rate) === "USD" || !rate) return { amount: usd, currency: "USD" };
  return { amount: usdToEur(usd, rate.usdPerEur), currency: "EUR" };
}
