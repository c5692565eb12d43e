/**
 * Reads a finished report off the main thread: fetches the result, parses the JSON (200,000 rows are
 * about 200 MB of text), checks it (report-result-parse.ts) and derives what the page needs. The page gets
 * the envelope first, then the rows in chunks small enough that taking each one in (structured clone)
 * stays a short task, then what the page derives from all rows (report-derived.ts) as transferable
 * arrays. See report-result-loader.ts.
 */
import { computeDerived, transferablesOf } from "./report-derived.ts";
import type { WorkerReply, WorkerRequest } from "./report-result-messages.ts";
import { parseReportResult, ReportFormatError } from "./report-result-parse.ts";

/** About 0.25 MB of rows per message: taking one in is a short task for the page. */
export const ROWS_PER_CHUNK = 250;

const post = (reply: WorkerReply, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(reply, transfer);

async function load({ url, language }: WorkerRequest): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Accept: "application/json", "X-App-Language": language },
      credentials: "same-origin",
    });
  } catch {
    post({ type: "network-error" });
    return;
  }
  if (!res.ok) {
    post({ type: "http-error", status: res.status, body: await res.text().catch(() => "") });
    return;
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    post({ type: "http-error", status: res.status, body: "" });
    return;
  }
  try {
    const result = parseReportResult(data);
    const { transactions, ...envelope } = result;
    post({ type: "envelope", envelope, total: transactions.length });
    for (let i = 0; i < transactions.length; i += ROWS_PER_CHUNK)
      post({ type: "rows", rows: transactions.slice(i, i + ROWS_PER_CHUNK) });
    const derived = computeDerived(result);
    post({ type: "done", derived }, transferablesOf(derived));
  } catch (err) {
    post({ type: "format-error", message: err instanceof ReportFormatError ? err.message : String(err) });
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => void load(event.data);
