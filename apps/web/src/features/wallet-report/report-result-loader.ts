/**
 * Loads a finished report through report-result.worker.ts, so fetching, parsing and checking 200,000
 * rows never blocks the page: the rows arrive in chunks, each taken in as its own short task. Where
 * no Worker exists (tests in Node) the same steps run here.
 */
import type { ReportTransaction, WalletReportResult } from "@pulsemanager/core";
import { ApiError, NetworkError } from "../../lib/api.ts";
import { rememberDerived } from "./report-derived.ts";
import type { WorkerReply, WorkerRequest } from "./report-result-messages.ts";
import { ReportFormatError } from "./report-result-parse.ts";

/** The error of a failed answer, as lib/api.ts reads it: the server's code and message when it sent JSON. */
export function answerError(status: number, text: string, statusText = ""): ApiError {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    return new ApiError(status, "NON_JSON", `Server Error ${status}`);
  }
  const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return new ApiError(status, err?.code ?? "UNKNOWN", err?.message ?? statusText);
}

function abortError(): DOMException {
  return new DOMException("The report load was aborted.", "AbortError");
}

export function loadInWorker(request: WorkerRequest, signal?: AbortSignal): Promise<WalletReportResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const worker = new Worker(new URL("./report-result.worker.ts", import.meta.url), { type: "module" });
    let envelope: Omit<WalletReportResult, "transactions"> | null = null;
    let rows: ReportTransaction[] = [];
    const finish = (settle: () => void) => {
      worker.terminate();
      signal?.removeEventListener("abort", onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(abortError()));
    signal?.addEventListener("abort", onAbort);
    worker.onerror = () => finish(() => reject(new ReportFormatError("the report reader stopped")));
    worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      switch (data.type) {
        case "envelope":
          envelope = data.envelope;
          rows = [];
          rows.length = 0;
          return;
        case "rows":
          for (const row of data.rows) rows.push(row);
          return;
        case "done": {
          const result = { ...(envelope as Omit<WalletReportResult, "transactions">), transactions: rows };
          rememberDerived(rows, data.derived);
          return finish(() => resolve(result));
        }
        case "network-error":
          return finish(() => reject(new NetworkError(new TypeError("fetch failed"))));
        case "http-error":
          return finish(() => reject(answerError(data.status, data.body)));
        case "format-error":
          return finish(() => reject(new ReportFormatError(data.message)));
      }
    };
    worker.postMessage(request);
  });
}
