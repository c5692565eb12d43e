import { formatFixed, usdDecimals } from "../../lib/format-number.ts";

/** "1.234,56 €" / "€1,234.56": EUR with 2 decimals. */
export function eur(value: string, lang: string): string {
  return formatFixed(value, lang, { decimals: 2, currency: "EUR" });
}

/** USD with 2 decimals, 6 under a cent (the portfolio's rule). */
export function usd(value: string, lang: string): string {
  return formatFixed(value, lang, { decimals: usdDecimals(value), currency: "USD" });
}

/** The share of the Freigrenze reached, 0-100, for the meter (a drawing only: a float is fine here). */
export function meterPercent(value: string, limit: string): number {
  const v = Number(value);
  const l = Number(limit);
  if (!(l > 0) || !(v > 0)) return 0;
  return Math.min(100, (v / l) * 100);
}
