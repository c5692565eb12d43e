import { GERMAN_TIME_ZONE } from "@pulsemanager/core";
import type { ReportQueue } from "../tax-report/report-queue.ts";
import { type AlertRunDeps, type AlertRunScope, runAlerts } from "./alert-runner.ts";

/** The checks' schedules (pg-boss cron, German time): prices every 15 minutes, the rest each morning. */
export const ALERT_SCHEDULES: Record<AlertRunScope, { queue: string; cron: string }> = {
  prices: { queue: "alerts-prices", cron: "*/15 * * * *" },
  daily: { queue: "alerts-daily", cron: "30 7 * * *" },
};

/** Puts both checks on the app's job queue (worked by the process that works report jobs). */
export async function scheduleAlerts(queue: ReportQueue, deps: AlertRunDeps): Promise<void> {
  for (const scope of ["prices", "daily"] as const) {
    const { queue: name, cron } = ALERT_SCHEDULES[scope];
    await queue.schedule(name, cron, GERMAN_TIME_ZONE, () => runAlerts(deps, scope));
  }
}
