/**
 * Reading a WalletReportResult from the server. The envelope (summary, year figures, holdings, the
 * missing-price and unknown-cost lists, meta) is checked with the core zod schema in full. The rows are
 * checked in full with zod too - up to FULL_ROW_CHECK_MAX rows. Above that a cheaper structural check
 * runs instead: measured on 200,000 engine-shaped rows (~196 MB of JSON), zod took 1.15 s on the first
 * run (0.5 s warm) and built a second copy of every row, while the structural check below reads the rows
 * in place in well under 100 ms. It checks every field the page and the CSV export read, by type; the
 * lots of a row are checked with the zod schema when the row is opened (see parseLots).
 */
import {
  type ConsumedLot,
  consumedLotSchema,
  REPORT_TYPS,
  type ReportTransaction,
  reportTransactionSchema,
  TAX_EVENT_KINDS,
  type WalletReportResult,
  type WalletReportRow,
  walletReportResultSchema,
} from "@pulsemanager/core";
import { z } from "zod";
import { upgradeStoredReport } from "./stored-report-upgrade.ts";

export const FULL_ROW_CHECK_MAX = 20_000;

/** The answer does not have the shape of a wallet report. */
export class ReportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReportFormatError";
  }
}

const envelopeSchema = walletReportResultSchema.extend({ transactions: z.array(z.unknown()) });

const TYPS = new Set<string>(REPORT_TYPS);
const KINDS = new Set<string>(TAX_EVENT_KINDS);
const STRINGS = [
  "hash",
  "coin_name",
  "token_address",
  "from_address",
  "to_address",
  "block_timestamp",
  "beschreibung",
  "wallet",
  "date",
  "amount",
] as const;
const NULLABLE_STRINGS = ["haltefrist_endet", "wertEUR", "transaction_fee", "gain", "income", "priceSource"] as const;

/** The cheap check of one row: null when it has the row's shape, else what is wrong. */
export function rowProblem(row: unknown): string | null {
  if (row === null || typeof row !== "object") return "not an object";
  const r = row as Record<string, unknown>;
  for (const key of STRINGS) if (typeof r[key] !== "string") return key;
  for (const key of NULLABLE_STRINGS) if (r[key] !== null && typeof r[key] !== "string") return key;
  if (!TYPS.has(r.typ as string)) return "typ";
  if (!KINDS.has(r.kind as string)) return "kind";
  if (r.steuerpflichtig !== true && r.steuerpflichtig !== false && r.steuerpflichtig !== "unknown")
    return "steuerpflichtig";
  if (r.chainId !== null && !Number.isInteger(r.chainId)) return "chainId";
  if (typeof r.time !== "number" || !Number.isFinite(r.time)) return "time";
  if (!Array.isArray(r.lots)) return "lots";
  const d = r.description as Record<string, unknown> | null;
  if (d === null || typeof d !== "object" || typeof d.key !== "string") return "description";
  if (!Array.isArray(d.given) || !Array.isArray(d.received)) return "description";
  if (typeof r.missingPrice !== "boolean") return "missingPrice";
  return null;
}

/** A WalletReportResult from an answer's JSON; throws ReportFormatError when it is none. */
export function parseReportResult(data: unknown): WalletReportResult {
  const envelope = envelopeSchema.safeParse(upgradeStoredReport(data));
  if (!envelope.success) throw new ReportFormatError(envelope.error.issues[0]?.message ?? "invalid report");
  const rows = envelope.data.transactions;
  if (rows.length <= FULL_ROW_CHECK_MAX) {
    const parsed = z.array(reportTransactionSchema).safeParse(rows);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ReportFormatError(`transactions.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
    }
    return { ...envelope.data, transactions: parsed.data };
  }
  for (let i = 0; i < rows.length; i++) {
    const problem = rowProblem(rows[i]);
    if (problem) throw new ReportFormatError(`transactions.${i}.${problem}`);
  }
  return { ...envelope.data, transactions: rows as WalletReportRow[] };
}

/** The lots of a row, checked when the row is opened (the large-report check only saw an array). */
export function parseLots(row: ReportTransaction): ConsumedLot[] | null {
  const parsed = z.array(consumedLotSchema).safeParse(row.lots);
  return parsed.success ? parsed.data : null;
}
