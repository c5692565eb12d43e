/**
 * Reads a finished report off the main thread and keeps it: fetches the result, parses the JSON
 * (200,000 rows are about 200 MB of text), checks it (report-result-parse.ts) and derives what the page
 * needs (report-derived.ts). The page gets the envelope, then the rows as JSON text in chunks (a string
 * per row: taking a chunk in is a short task, and the page's heap holds one object per row, not a
 * dozen), then the derived arrays. Afterwards it answers the work over all rows: search, CSV export,
 * the advisor's tables. See report-result-loader.ts.
 */
import { anlageSoLines, type LotLines, taxReportCsv, type WalletReportResult } from "@pulsemanager/core";
import { lotLinesReader } from "./lot-lines.ts";
import { computeDerived, transferablesOf } from "./report-derived.ts";
import type { WorkerReply, WorkerRequest } from "./report-result-messages.ts";
import { parseReportResult, ReportFormatError } from "./report-result-parse.ts";
import { searchMask } from "./report-search.ts";

/** Rows per message: taking one chunk in stays a short task for the page. */
export const ROWS_PER_CHUNK = 1_000;

const post = (reply: WorkerReply, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(reply, transfer);

let report: WalletReportResult | null = null;
let lotLines: ((index: number) => LotLines) | null = null;

async function fetchJson(url: string, language: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: "application/json", "X-App-Language": language } });
  } catch {
    post({ type: "network-error" });
    return undefined;
  }
  if (!res.ok) {
    post({ type: "http-error", status: res.status, body: await res.text().catch(() => "") });
    return undefined;
  }
  try {
    return await res.json();
  } catch {
    post({ type: "http-error", status: res.status, body: "" });
    return undefined;
  }
}

async function load(url: string, language: string): Promise<void> {
  const data = await fetchJson(url, language);
  if (data === undefined) return;
  try {
    report = parseReportResult(data);
    lotLines = null;
    const { transactions, ...envelope } = report;
    post({ type: "envelope", envelope, total: transactions.length });
    for (let i = 0; i < transactions.length; i += ROWS_PER_CHUNK)
      post({ type: "rows", texts: transactions.slice(i, i + ROWS_PER_CHUNK).map((row) => JSON.stringify(row)) });
    const derived = computeDerived(report);
    post({ type: "done", derived }, transferablesOf(derived));
  } catch (err) {
    post({ type: "format-error", message: err instanceof ReportFormatError ? err.message : String(err) });
  }
}

function answer(request: Exclude<WorkerRequest, { type: "load" }>): void {
  const rows = report?.transactions ?? [];
  if (request.type === "search") {
    const mask = searchMask(rows, request.query);
    post({ type: "answer", id: request.id, value: mask }, mask ? [mask.buffer as ArrayBuffer] : []);
  } else if (request.type === "csv") post({ type: "answer", id: request.id, value: taxReportCsv(rows) });
  else if (request.type === "lots") {
    lotLines ??= lotLinesReader(rows);
    post({ type: "answer", id: request.id, value: lotLines(request.index) });
  } else post({ type: "answer", id: request.id, value: anlageSoLines(rows, request.year) });
}

self.onmessage = ({ data }: MessageEvent<WorkerRequest>) => {
  if (data.type === "load") void load(data.url, data.language);
  else answer(data);
};
