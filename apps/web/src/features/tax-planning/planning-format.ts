import { formatFixed, TOKEN_BALANCE_DECIMALS } from "../../lib/format-number.ts";

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
