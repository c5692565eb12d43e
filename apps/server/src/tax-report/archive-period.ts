import { berlinIsoDate, dayOfIso, GERMAN_TIME_ZONE, isoDate } from "@pulsemanager/core";

/** The monthly archive runs on the first of each month at 03:00 in Berlin (pg-boss cron, docs/product/tax-report.md). */
export const ARCHIVE_CRON = "0 3 1 * *";
export const ARCHIVE_TIME_ZONE = GERMAN_TIME_ZONE;
/** Monthly archives kept per user: the newest 12. */
export const ARCHIVES_KEPT = 12;

/**
 * The archive of a run at `now`: its month ("2026-12", the Berlin month it runs in) and the tax year it
 * covers, that of the month just ended (on 1 January the whole previous year, then complete).
 */
export function archivePeriod(now: Date): { month: string; year: number } {
  const today = berlinIsoDate(Math.floor(now.getTime() / 1000));
  const yesterday = isoDate(dayOfIso(today) - 1);
  return { month: today.slice(0, 7), year: Number(yesterday.slice(0, 4)) };
}
