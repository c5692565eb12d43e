import type { DisplayLanguage } from "@pulsemanager/core";
import { formatDateTime } from "../../lib/format-number.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a notification came, as a person says it: "gerade eben" (null: the caller's words) under a minute,
 * then minutes, hours and days ago ("vor 3 Stunden", "3 hours ago"); from a week on the date and time.
 */
export function notificationTime(iso: string, now: Date, lang: DisplayLanguage): string | null {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (Number.isNaN(ago)) return formatDateTime(iso, lang);
  if (ago < MINUTE) return null;
  const relative = new Intl.RelativeTimeFormat(lang === "de" ? "de-DE" : "en-US", { numeric: "auto" });
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), "day");
  return formatDateTime(iso, lang);
}

/** The app language as the alerts' words know it. */
export function displayLanguage(language: string | undefined): DisplayLanguage {
  return language?.startsWith("en") ? "en" : "de";
}
