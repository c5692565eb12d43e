import { D } from "@pulsemanager/core";

/** The Intl locale for a UI language (docs/product/design.md: German 1.234,56 $, English $1,234.56). */
export function localeOf(language: string | undefined): string {
  return language?.startsWith("en") ? "en-US" : "de-DE";
}

/** Significant digits kept for tiny values that would otherwise round to 0. */
const TINY_SIGNIFICANT_DIGITS = 4;

type Dec = InstanceType<typeof D>;

function parse(value: string | number): Dec | null {
  try {
    const d = new D(typeof value === "number" ? String(value) : value.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Intl formatters are costly to make and a page formats thousands of values: one per locale and setting. */
function formatterCache<F, O>(make: (locale: string, options: O) => F): (locale: string, options: O) => F {
  const made = new Map<string, F>();
  return (locale, options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (!formatter) {
      formatter = make(locale, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat = formatterCache(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
const dateFormat = formatterCache(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

/** Intl accepts decimal strings exactly (no float on the way); the lib typing knows only numbers. */
function formatString(nf: Intl.NumberFormat, value: string): string {
  return (nf.format as unknown as (v: string) => string)(value);
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
  const locale = localeOf(language);
  const style = currency ? { style: "currency" as const, currency, currencyDisplay: "symbol" as const } : {};
  const rounded = d.toDecimalPlaces(decimals, D.ROUND_HALF_UP);
  if (rounded.isZero() && !d.isZero()) {
    const nf = numberFormat(locale, { ...style, maximumSignificantDigits: TINY_SIGNIFICANT_DIGITS });
    return formatString(nf, d.toSignificantDigits(TINY_SIGNIFICANT_DIGITS).toFixed());
  }
  const nf = numberFormat(locale, {
    ...style,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return formatString(nf, rounded.isZero() ? "0" : rounded.toFixed(decimals));
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

/** A share in percent (12.5 means 12.5 %), 2 decimals. */
export function formatPercent(value: string | number, language: string): string {
  const d = parse(value);
  if (!d) return "–";
  const nf = numberFormat(localeOf(language), {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return formatString(nf, d.div(100).toDecimalPlaces(6, D.ROUND_HALF_UP).toFixed());
}

/** A share of a whole in percent: up to 4 places, so a small burned share does not read "0,00 %". */
export function formatSharePercent(value: string | number, language: string): string {
  const d = parse(value);
  if (!d) return "–";
  const nf = numberFormat(localeOf(language), { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return formatString(nf, d.div(100).toDecimalPlaces(8, D.ROUND_HALF_UP).toFixed());
}

export function formatInteger(value: number, language: string): string {
  return numberFormat(localeOf(language), { maximumFractionDigits: 0 }).format(value);
}

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "–";
  return dateFormat(localeOf(language), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A day "YYYY-MM-DD" as a date (12.03.2025 / 03/12/2025); without the year for chart axes (12.03. / 03/12). */
export function formatDay(day: string, language: string, withYear = true): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(localeOf(language), {
    day: "2-digit",
    month: "2-digit",
    ...(withYear ? { year: "numeric" as const } : {}),
    timeZone: "UTC",
  }).format(date);
}

/**
 * Makes the formats a signed-in page shows first (euros, dollars, date and time), each in a task of
 * its own: the browser's first number format loads its locale data (~30 ms on a fast machine, several
 * times that on a phone), which would otherwise happen inside the render that shows the first figures.
 */
export function warmFormats(language: string, later: (step: () => void) => void): void {
  later(() => formatFixed("0", language, { decimals: 2, currency: "EUR" }));
  later(() => formatFixed("0", language, { decimals: 2, currency: "USD" }));
  later(() => formatDateTime("2025-01-01T00:00:00Z", language));
}
