import { formatDateTime } from "../../lib/format-number.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a story appeared, for the news card: "vor 5 Minuten" / "5 minutes ago" within a week, the date
 * and time after that; null without a date. A date slightly in the future (clock skew) is "now".
 */
export function newsTime(iso: string | null, now: Date, language: string): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const age = Math.max(0, now.getTime() - at.getTime());
  if (age >= 7 * DAY) return formatDateTime(iso, language);
  const rtf = new Intl.RelativeTimeFormat(language === "en" ? "en" : "de", { numeric: "auto" });
  if (age < MINUTE) return rtf.format(0, "second");
  if (age < HOUR) return rtf.format(-Math.floor(age / MINUTE), "minute");
  if (age < DAY) return rtf.format(-Math.floor(age / HOUR), "hour");
  return rtf.format(-Math.floor(age / DAY), "day");
}

/** A link the card may open: http(s) only (the server sends no other; this holds should one slip through). */
export function isOpenableLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
