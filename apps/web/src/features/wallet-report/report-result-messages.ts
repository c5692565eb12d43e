import type { ReportTransaction, WalletReportResult } from "@pulsemanager/core";
import type { ReportDerived } from "./report-derived.ts";

/** What the page asks the report worker: the result at `url`. */
export interface WorkerRequest {
  url: string;
  language: "de" | "en";
}

/** What the worker answers, in this order: envelope, rows (chunks), done; or one error. */
export type WorkerReply =
  | { type: "envelope"; envelope: Omit<WalletReportResult, "transactions">; total: number }
  | { type: "rows"; rows: ReportTransaction[] }
  | { type: "done"; derived: ReportDerived }
  | { type: "network-error" }
  | { type: "http-error"; status: number; body: string }
  | { type: "format-error"; message: string };
