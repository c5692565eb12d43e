import { D, type DisplayLanguage, localNumber } from "@pulsemanager/core";

/**
 * The app's numbers and dates (docs/product/design.md: German 1.234,56 $, English $1,234.56), written
 * from exact decimal strings without the browser's Intl: the first Intl format of a page loads the
 * browser's locale data (30-130 ms measured in Chromium, four times that on a phone), which every
 * signed-in page paid inside the render of its first figures. The texts are those Intl writes for
 * de-DE and en-US (the tests compare both).
 */

/** The Intl locale for a UI language (charts still format their axes with Intl once drawn). */
export function localeOf(language: string | undefined): string {
  return language?.startsWith("en") ? "en-US" : "de-DE";
}

function langOf(language: string | undefined): DisplayLanguage {
  return language?.startsWith("en") ? "en" : "de";
}

/** Significant digits kept for tiny values that would otherwise round to 0. */
const TINY_SIGNIFICANT_DIGITS = 4;
const NBSP = "\u00a0";
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: "$", EUR: "€" };

type Dec = InstanceType<typeof D>;

function parse(value: string | number): Dec | null {
  try {
    const d = new D(typeof value === "number" ? String(value) : value.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** A decimal string grouped by the language with all of its decimals ("0.00004812" -> "0,00004812"). */
function allDecimals(value: string, lang: DisplayLanguage): string {
  return localNumber(value, value.split(".")[1]?.length ?? 0, lang);
}

/** "1.234,50 $" (the symbol after a no-break space) or "$1,234.50" (the sign before the symbol). */
function withCurrency(number: string, currency: string, lang: DisplayLanguage): string {
  const symbol = CURRENCY_SYMBOLS[currency];
  if (lang === "de") return `${number}${NBSP}${symbol ?? currency}`;
  const sign = number.startsWith("-") ? "-" : "";
  const digits = number.slice(sign.length);
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${currency}${NBSP}${digits}`;
}

interface FixedOptions {
  decimals: number;
  currency?: string;
}

/**
 * A decimal string with a fixed number of decimals, grouped by the language. A value
 * that is not zero but would round to zero keeps its first significant digits instead
 * (0,00000004812 rather than 0,000000).
 */
export function formatFixed(value: string | number, language: string, { decimals, currency }: FixedOptions): string {
  const d = parse(value);
  if (!d) return "–";
  const lang = langOf(language);
  const rounded = d.toDecimalPlaces(decimals, D.ROUND_HALF_UP);
  const number =
    rounded.isZero() && !d.isZero()
      ? allDecimals(d.toSignificantDigits(TINY_SIGNIFICANT_DIGITS).toFixed(), lang)
      : localNumber(rounded.isZero() ? "0" : rounded.toFixed(decimals), decimals, lang);
  return currency ? withCurrency(number, currency, lang) : number;
}

/** Token balances with 6 decimals. */
export const TOKEN_BALANCE_DECIMALS = 6;
/** Wallet (native) balances with 4 decimals. */
export const WALLET_BALANCE_DECIMALS = 4;
/** Prices with 8 decimals. */
export const PRICE_DECIMALS = 8;

export function formatTokenBalance(value: string, language: string): string {
  return formatFixed(value, language, { decimals: TOKEN_BALANCE_DECIMALS });
}

/** An amount as exact as it was written (an imported row's: every decimal it has, none added). */
export function formatExact(value: string, language: string): string {
  const decimals = value.includes(".") ? (value.split(".")[1] as string).length : 0;
  return formatFixed(value, language, { decimals: Math.min(decimals, 20) });
}

export function formatWalletBalance(value: string, language: string): string {
  return formatFixed(value, language, { decimals: WALLET_BALANCE_DECIMALS });
}

export function formatPrice(value: string, language: string): string {
  return formatFixed(value, language, { decimals: PRICE_DECIMALS, currency: "USD" });
}

/** Decimals of a USD value: 2, or 6 when it is under 0.01 (and not zero). */
export function usdDecimals(value: string | number): number {
  const d = parse(value);
  if (!d || d.isZero()) return 2;
  return d.abs().lessThan("0.01") ? 6 : 2;
}

/** USD with 2 decimals, 6 when under 0.01. */
export function formatUsd(value: string | number, language: string): string {
  return formatFixed(value, language, { decimals: usdDecimals(value), currency: "USD" });
}

/** "12,50 %" (de) or "12.50%" (en). */
function withPercent(number: string, lang: DisplayLanguage): string {
  return lang === "de" ? `${number}${NBSP}%` : `${number}%`;
}

/**
 * Rounded as Intl's percent style rounded the share (value / 100 to `shareDecimals` places, then
 * the percent to `places`), so the figures read as before.
 */
function percentText(d: Dec, shareDecimals: number, places: number): Dec {
  return d.div(100).toDecimalPlaces(shareDecimals, D.ROUND_HALF_UP).times(100).toDecimalPlaces(places, D.ROUND_HALF_UP);
}

/** A share in percent (12.5 means 12.5 %), 2 decimals. */
export function formatPercent(value: string | number, language: string): string {
  const d = parse(value);
  if (!d) return "–";
  const lang = langOf(language);
  const percent = percentText(d, 6, 2);
  return withPercent(localNumber(percent.isZero() ? "0" : percent.toFixed(2), 2, lang), lang);
}

/** A share of a whole in percent: up to 4 places, so a small burned share does not read "0,00 %". */
export function formatSharePercent(value: string | number, language: string): string {
  const d = parse(value);
  if (!d) return "–";
  const lang = langOf(language);
  const percent = percentText(d, 8, 4);
  const places = Math.max(2, percent.decimalPlaces());
  return withPercent(localNumber(percent.isZero() ? "0" : percent.toFixed(places), places, lang), lang);
}

export function formatInteger(value: number, language: string): string {
  const d = parse(value);
  if (!d) return "–";
  return localNumber(d.toFixed(0, D.ROUND_HALF_UP), 0, langOf(language));
}

const ENGLISH_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** An instant in the browser's time zone: "12.03.2025, 10:00" (de) or "Mar 12, 2025, 10:00 AM" (en). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "–";
  const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
  const [hours, minutes] = [date.getHours(), date.getMinutes()];
  if (langOf(language) === "de") return `${two(day)}.${two(month + 1)}.${year}, ${two(hours)}:${two(minutes)}`;
  const clock = `${hours % 12 || 12}:${two(minutes)} ${hours < 12 ? "AM" : "PM"}`;
  return `${ENGLISH_MONTHS[month]} ${day}, ${year}, ${clock}`;
}

/** A day "YYYY-MM-DD" as a date (12.03.2025 / 03/12/2025); without the year for chart axes (12.03. / 03/12). */
export function formatDay(day: string, language: string, withYear = true): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  if (langOf(language) === "de") return withYear ? `${date}.${month}.${year}` : `${date}.${month}.`;
  return withYear ? `${month}/${date}/${year}` : `${month}/${date}`;
}
