import type { AnlageSoLines, LotLines, WalletReportResult } from "@pulsemanager/core";
import type { ReportDerived } from "./report-derived.ts";

/** What the page asks the report worker: first the result at `url`, then work over its rows. */
export type WorkerRequest =
  | { type: "load"; url: string; language: "de" | "en" }
  | { type: "search"; id: number; query: string }
  | { type: "csv"; id: number }
  | { type: "anlage"; id: number; year: number }
  | { type: "lots"; id: number; index: number };

/** The worker's answers: envelope, rows (JSON text, in chunks), done; or one error; then answers by id. */
export type WorkerReply =
  | { type: "envelope"; envelope: Omit<WalletReportResult, "transactions">; total: number }
  | { type: "rows"; texts: string[] }
  | { type: "done"; derived: ReportDerived }
  | { type: "network-error" }
  | { type: "http-error"; status: number; body: string }
  | { type: "format-error"; message: string }
  | { type: "answer"; id: number; value: Uint8Array | null | string | AnlageSoLines | LotLines };
