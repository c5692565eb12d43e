import { type ChangeSignals, type ChangeSignalsOptions, createChangeSignals } from "../db/change-signals.ts";

/** "Report row changed" signals, keyed by report id, for the live progress (Server-Sent Events). */
export type ReportEvents = ChangeSignals;

export function createReportEvents(opts: ChangeSignalsOptions): Promise<ReportEvents> {
  return createChangeSignals("tax_report", opts);
}
