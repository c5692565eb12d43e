import { formatFixed, PRICE_DECIMALS, TOKEN_BALANCE_DECIMALS } from "../../lib/format-number.ts";

/** "1.234,56 €" / "€1,234.56"; a dash for an unknown value. */
export function eur(value: string | null, lang: string): string {
  return value === null ? "–" : formatFixed(value, lang, { decimals: 2, currency: "EUR" });
}

/** Whole tokens with up to 6 decimals in the user's format. */
export function tokens(value: string, lang: string): string {
  return formatFixed(value, lang, { decimals: TOKEN_BALANCE_DECIMALS });
}

/** A gain's colour: positive green, negative red, unknown muted. */
export function gainClass(value: string | null): string {
  if (value === null) return "text-text-muted";
  return value.startsWith("-") ? "text-negative" : "text-positive";
}

/** A price per token in EUR: 2 decimals from 1 EUR up, else 8 (a HEX at 0,00545518 €). */
export function eurPrice(value: string, lang: string): string {
  const below1 = /^-?0(\.|$)/.test(value);
  return formatFixed(value, lang, { decimals: below1 ? PRICE_DECIMALS : 2, currency: "EUR" });
}
