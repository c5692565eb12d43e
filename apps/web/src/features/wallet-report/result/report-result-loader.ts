/**
 * Loads a finished report through report-result.worker.ts, so fetching, parsing and checking 200,000
 * rows never blocks the page: the rows arrive as JSON text in chunks, each taken in as its own short
 * task, and the worker stays to do the work over all rows (see report-data.ts). One such worker lives
 * at a time: loading another report, or leaving the page, ends it.
 */
import type { AnlageSoLines, LotLines, WalletReportResult } from "@pulsemanager/core";
import { ApiError, NetworkError } from "../../../lib/api.ts";
import { EncodedRows, registerReportData } from "./report-data.ts";
import type { ReportDerived } from "./report-derived.ts";
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

let current: Worker | null = null;

/** Ends the worker of the report shown last (its rows and answers go with it). */
export function releaseLoadedReport(): void {
  current?.terminate();
  current = null;
}

type Answer = Extract<WorkerReply, { type: "answer" }>["value"];
type Work = Exclude<WorkerRequest, { type: "load" }>;
/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type WorkWithoutId = DistributiveOmit<Work, "id">;

/** Asks the worker for work over all rows; the answers come back by id. */
function asker(worker: Worker) {
  let next = 0;
  const waiting = new Map<number, (value: Answer) => void>();
  const onAnswer = (reply: Extract<WorkerReply, { type: "answer" }>) => {
    waiting.get(reply.id)?.(reply.value);
    waiting.delete(reply.id);
  };
  const ask = <T extends Answer>(request: WorkWithoutId): Promise<T> =>
    new Promise((resolve, reject) => {
      if (current !== worker) return reject(new Error("the report is no longer loaded"));
      const id = ++next;
      waiting.set(id, (value) => resolve(value as T));
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  return { onAnswer, ask };
}

export function loadInWorker(
  request: Omit<Extract<WorkerRequest, { type: "load" }>, "type">,
  signal?: AbortSignal,
): Promise<WalletReportResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    releaseLoadedReport();
    const worker = new Worker(new URL("./report-result.worker.ts", import.meta.url), { type: "module" });
    current = worker;
    const { onAnswer, ask } = asker(worker);
    let envelope: Omit<WalletReportResult, "transactions"> | null = null;
    const texts: string[] = [];
    const fail = (error: unknown) => {
      signal?.removeEventListener("abort", onAbort);
      if (current === worker) releaseLoadedReport();
      reject(error);
    };
    const onAbort = () => fail(abortError());
    signal?.addEventListener("abort", onAbort);
    worker.onerror = () => fail(new ReportFormatError("the report reader stopped"));
    const finish = (derived: ReportDerived) => {
      signal?.removeEventListener("abort", onAbort);
      const result = { ...(envelope as Omit<WalletReportResult, "transactions">), transactions: [] };
      registerReportData(result, {
        rows: new EncodedRows(texts),
        derived,
        search: (query) => ask<Uint8Array | null>({ type: "search", query }),
        csv: () => ask<string>({ type: "csv" }),
        anlageSoLines: (year) => ask<AnlageSoLines>({ type: "anlage", year }),
        lotLines: (index) => ask<LotLines>({ type: "lots", index }),
      });
      resolve(result);
    };
    worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      switch (data.type) {
        case "envelope":
          envelope = data.envelope;
          return;
        case "rows":
          for (const text of data.texts) texts.push(text);
          return;
        case "done":
          return finish(data.derived);
        case "answer":
          return onAnswer(data);
        case "network-error":
          return fail(new NetworkError(new TypeError("fetch failed")));
        case "http-error":
          return fail(answerError(data.status, data.body));
        case "format-error":
          return fail(new ReportFormatError(data.message));
      }
    };
    worker.postMessage({ type: "load", ...request } satisfies WorkerRequest);
  });
}
