/**
 * What an answer of the wallet-report calls means for the page (docs/product/tax-report.md, "Messages").
 * Pure: every branch is a unit test.
 */
import {
  DIRECT_REPORT_MAX_TRANSFERS,
  MAX_OPEN_REPORTS_PER_USER,
  RUNNING_START_STATUSES,
  TAX_YEAR_MIN,
  taxYearMax,
  type WalletReportResult,
  walletReportStartResponseSchema,
} from "@pulsemanager/core";
import { z } from "zod";
import { ApiError, NetworkError } from "../../../lib/api.ts";
import { isPremiumRequired } from "../../subscription/index.ts";
import type { ReportMessage } from "../form/report-inputs.ts";
import { parseReportResult, ReportFormatError } from "../result/report-result-parse.ts";

export type AnalysisMode = "job" | "direct";

export type StartOutcome =
  | { kind: "report"; report: WalletReportResult }
  | { kind: "progress"; jobId: string; status: string }
  | { kind: "error"; message: ReportMessage };

// The report inside a start answer is read by parseReportResult (the large-report check), not twice.
const startEnvelopeSchema = walletReportStartResponseSchema.extend({ report: z.unknown().optional() });

const RUNNING = new Set<string>(RUNNING_START_STATUSES);

function detailOf(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value;
  if (value && typeof value === "object") {
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string" && message.trim() !== "") return message;
  }
  return undefined;
}

/**
 * POST /api/wallet-report answer: completed with a report -> show it; a running status with a jobId ->
 * progress; a running status without one -> 'Fortschritt nicht verfügbar: ... keine jobId vom Backend
 * zurückgegeben'; an error answer -> 'Fehler bei der Analyse-Anfrage.' (with the server's details);
 * anything else -> 'Die API hat ein unerwartetes Format zurückgegeben.'
 */
export function interpretStartAnswer(answer: unknown): StartOutcome {
  const parsed = startEnvelopeSchema.safeParse(answer);
  if (!parsed.success) return { kind: "error", message: { key: "errors.unexpectedFormat" } };
  const { status, jobId, report, details, error } = parsed.data;
  if (status === "completed" && report) {
    try {
      return { kind: "report", report: parseReportResult(report) };
    } catch (err) {
      if (err instanceof ReportFormatError) return { kind: "error", message: { key: "errors.unexpectedFormat" } };
      throw err;
    }
  }
  if (RUNNING.has(status)) {
    if (jobId && jobId.trim() !== "") return { kind: "progress", jobId, status };
    return { kind: "error", message: { key: "errors.noJobId" } };
  }
  if (status === "error" || status === "failed") {
    const detail = detailOf(details) ?? detailOf(error);
    return { kind: "error", message: { key: "errors.requestFailed", ...(detail ? { detail } : {}) } };
  }
  return { kind: "error", message: { key: "errors.unexpectedFormat" } };
}

/**
 * POST /api/wallet-report-direct answer (200): the result, or 'Direct Analysis returned invalid data
 * format' when it does not match the schema. The extra fields (success, wallet_address, chains,
 * total_transactions) are checked and dropped.
 */
export function interpretDirectAnswer(answer: unknown): StartOutcome {
  if (answer && typeof answer === "object" && (answer as { success?: unknown }).success === false) {
    const a = answer as { message?: unknown; error?: unknown };
    const detail = detailOf(a.error) ?? detailOf(a.message);
    return { kind: "error", message: { key: "errors.requestFailed", ...(detail ? { detail } : {}) } };
  }
  const extras = z
    .object({
      success: z.literal(true),
      wallet_address: z.string(),
      chains: z.array(z.number().int()),
      total_transactions: z.number().int(),
    })
    .safeParse(answer);
  if (!extras.success) return { kind: "error", message: { key: "errors.directInvalid" } };
  try {
    const {
      success: _s,
      wallet_address: _w,
      chains: _c,
      total_transactions: _t,
      ...rest
    } = answer as Record<string, unknown>;
    return { kind: "report", report: parseReportResult(rest) };
  } catch (err) {
    if (err instanceof ReportFormatError) return { kind: "error", message: { key: "errors.directInvalid" } };
    throw err;
  }
}

const GATEWAY_TIMEOUT = 504;

/**
 * A failed call -> the spec's message (§8): timeout, non-JSON server errors, session, network, invalid
 * address or year, too large for the direct analysis, Premium, else the default 'Analyse fehlgeschlagen.
 * Bitte versuchen Sie es später erneut.'; a thrown non-Error: 'Ein unbekannter Fehler ist aufgetreten.'
 */
export function analysisErrorMessage(error: unknown, mode: AnalysisMode, now: Date = new Date()): ReportMessage {
  if (error instanceof NetworkError) return { key: "errors.network" };
  if (error instanceof ReportFormatError) {
    return { key: mode === "direct" ? "errors.directInvalid" : "errors.unexpectedFormat" };
  }
  if (error instanceof ApiError) {
    if (isPremiumRequired(error)) return { key: "errors.premium" };
    if (error.status === GATEWAY_TIMEOUT || error.code === "TIMEOUT") return { key: "errors.timeout" };
    if (error.code === "NON_JSON") return { key: "errors.serverError", values: { status: error.status } };
    if (error.status === 401 || error.code === "UNAUTHENTICATED") return { key: "errors.sessionExpired" };
    if (
      error.code === "INVALID_WALLET_ADDRESS" ||
      (error.code === "VALIDATION_ERROR" && error.body?.fields?.walletAddress)
    ) {
      return { key: mode === "direct" ? "errors.invalidAddressDirect" : "errors.invalidAddress" };
    }
    if (error.code === "INVALID_TAX_YEAR" || (error.code === "VALIDATION_ERROR" && error.body?.fields?.taxYear)) {
      return { key: "form.yearInvalid", values: { min: TAX_YEAR_MIN, max: taxYearMax(now) } };
    }
    if (error.code === "REPORT_TOO_LARGE") {
      return { key: "errors.tooLarge", values: { max: DIRECT_REPORT_MAX_TRANSFERS } };
    }
    if (error.code === "TOO_MANY_REQUESTS") return { key: "errors.tooManyRequests" };
    if (error.code === "TOO_MANY_REPORTS")
      return { key: "errors.tooManyReports", values: { max: MAX_OPEN_REPORTS_PER_USER } };
    if (error.code === "PAYLOAD_TOO_LARGE") return { key: "errors.payloadTooLarge" };
    // Scope "all" without a saved wallet (the server's answer when the list is empty).
    if (error.code === "VALIDATION_ERROR" && /no wallets/i.test(error.message)) return { key: "form.noSavedWallets" };
    if (/authentication/i.test(error.message)) return { key: "errors.sessionExpired" };
    if (/invalid wallet address/i.test(error.message)) return { key: "errors.invalidAddress" };
    if (/Network/.test(error.message)) return { key: "errors.network" };
    return { key: "errors.failed" };
  }
  if (error instanceof Error) {
    if (/authentication/i.test(error.message)) return { key: "errors.sessionExpired" };
    if (/Network/.test(error.message)) return { key: "errors.network" };
    return { key: "errors.failed" };
  }
  return { key: "errors.unknown" };
}
