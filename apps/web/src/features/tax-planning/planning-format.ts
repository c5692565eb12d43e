import { formatFixed, PRICE_DECIMALS, TOKEN_BALANCE_DECIMALS } from "../../lib/format-number.ts";

/** "1.234,56 €" / "€1,234.56"; a dash for an unknown value. */
export function eur(value: string | null, lang: string): string {
  return value === null ? "–" : formatFixed(value, lang, { decimals: 2, currency: "EUR" });
}

/** Whole tokens with the decimals they have, at most 6, in the user's format ("19.000", "0,290985"). */
export function tokens(value: string, lang: string): string {
  const places = value.split(".")[1]?.replace(/0+$/, "").length ?? 0;
  return formatFixed(value, lang, { decimals: Math.min(places, TOKEN_BALANCE_DECIMALS) });
}

/** A gain's colour: positive green, negative red, unknown muted. */
export function gainClass(value: string | null): string {
  if (value === null) return "text-text-muted";
  return value.startsWith("-") ? "text-negative" : "text-positive";
}

/** A price per token in EUR: 2 decimals from 1 EUR up, else those it has, at most 8 (0,02 €; 0,00545518 €). */
export function eurPrice(value: string, lang: string): string {
  const places = value.split(".")[1]?.replace(/0+$/, "").length ?? 0;
  const below1 = /^-?0(\.|$)/.test(value);
  return formatFixed(value, lang, {
    decimals: below1 ? Math.min(Math.max(places, 2), PRICE_DECIMALS) : 2,
    currency: "EUR",
  });
}
