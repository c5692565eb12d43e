/**
 * The app's number and date formats in words a person reads (docs/product/design.md): German
 * "1.234,56 €" / "31.12.2024", English "€1,234.56" / "12/31/2024". Amounts arrive as exact decimal
 * strings and are formatted with string operations only (germanNumber rounds half away from zero),
 * never via a float. Used by the advisor PDF and by the alerts' mails and notifications.
 */
import { germanDate, germanNumber } from "./german-format.ts";

export type DisplayLanguage = "de" | "en";

function toEnglish(german: string): string {
  return german.replace(/[.,]/g, (c) => (c === "." ? "," : "."));
}

/** A decimal string rounded half away from zero to `places`, grouped: "1.234,50" (de) or "1,234.50" (en). */
export function localNumber(value: string, places: number, lang: DisplayLanguage): string {
  const german = germanNumber(value, places);
  return lang === "de" ? german : toEnglish(german);
}

/** "1234.5" -> "1.234,50 €" (de) or "€1,234.50" (en); "-12.3" -> "-12,30 €" / "-€12.30". */
export function formatEur(value: string, lang: DisplayLanguage): string {
  const german = germanNumber(value);
  if (lang === "de") return `${german} €`;
  const negative = german.startsWith("-");
  return `${negative ? "-" : ""}€${toEnglish(negative ? german.slice(1) : german)}`;
}

/** "1234.5" -> "1.234,50 $" (de) or "$1,234.50" (en). */
export function formatUsd(value: string, lang: DisplayLanguage): string {
  const german = germanNumber(value);
  if (lang === "de") return `${german} $`;
  const negative = german.startsWith("-");
  return `${negative ? "-" : ""}$${toEnglish(negative ? german.slice(1) : german)}`;
}

/** "2024-12-31" -> "31.12.2024" (de) or "12/31/2024" (en). */
export function formatDate(isoDate: string, lang: DisplayLanguage): string {
  if (lang === "de") return germanDate(isoDate);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return `${m[2]}/${m[3]}/${m[1]}`;
}

/** An instant as German local time (Europe/Berlin), the time zone the tax year is counted in. */
export function formatDateTime(iso: string, lang: DisplayLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-US", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/** Counts (integers, not money): "1.234" / "1,234". */
export function formatCount(n: number, lang: DisplayLanguage): string {
  return new Intl.NumberFormat(lang === "de" ? "de-DE" : "en-US", { maximumFractionDigits: 0 }).format(n);
}

/** Token amounts and token prices: up to 6 decimals, tiny ones keep 4 significant digits; trailing zeros dropped. */
export function formatAmount(value: string, lang: DisplayLanguage): string {
  const m = /^-?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  const int = (m[1] ?? "").replace(/^0+/, "");
  const frac = m[2] ?? "";
  const leadingZeros = /^0*/.exec(frac)?.[0].length ?? 0;
  const places = int === "" && leadingZeros < frac.length ? Math.min(18, leadingZeros + 4) : 6;
  // There is always a decimal comma here (places >= 4), so only fraction zeros are dropped.
  const trimmed = germanNumber(value, places).replace(/,?0+$/, "");
  return lang === "de" ? trimmed : toEnglish(trimmed);
}
