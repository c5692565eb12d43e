/**
 * The wallet-report calls (docs/api.md, contract in core tax/report-api.ts). Same origin, cookie session.
 * Answers are read with the core schemas; what an answer means for the page is decided in
 * report-answers.ts.
 */
import {
  type TaxReportJob,
  taxReportJobSchema,
  type WalletReportRequest,
  type WalletReportResult,
} from "@pulsemanager/core";
import { z } from "zod";
import i18n from "../../../i18n/index.ts";
import { ApiError, api, NetworkError } from "../../../lib/api.ts";
import { answerError, loadInWorker } from "../result/report-result-loader.ts";
import { parseReportResult } from "../result/report-result-parse.ts";

const jobListSchema = z.object({ jobs: z.array(taxReportJobSchema) });

function jobPath(id: string, rest = ""): string {
  return `/api/wallet-report/${encodeURIComponent(id)}${rest}`;
}

function language(): "de" | "en" {
  return i18n.language === "en" ? "en" : "de";
}

/** GET of the result on this thread (where there is no Worker): read with res.json(), errors as in lib/api.ts. */
async function getLargeJson(path: string, signal?: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      headers: { Accept: "application/json", "X-App-Language": language() },
      credentials: "same-origin",
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new NetworkError(err);
  }
  if (!res.ok) throw answerError(res.status, await res.text().catch(() => ""), res.statusText);
  try {
    return await res.json();
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(res.status, "NON_JSON", `Server Error ${res.status}`);
  }
}

export const walletReportApi = {
  /** POST /api/wallet-report: 202 { status: "pending", jobId } (or { status: "completed", report }). */
  start(body: WalletReportRequest): Promise<unknown> {
    return api<unknown>("/api/wallet-report", { method: "POST", body });
  },
  /** POST /api/wallet-report-direct: 200 with the whole result for small histories; 413 when too large. */
  direct(body: WalletReportRequest): Promise<unknown> {
    return api<unknown>("/api/wallet-report-direct", { method: "POST", body });
  },
  /** GET /api/wallet-report/:id: the job row (404 NOT_FOUND once deleted). */
  async job(id: string, signal?: AbortSignal): Promise<TaxReportJob> {
    return taxReportJobSchema.parse(await api<unknown>(jobPath(id), { signal }));
  },
  /**
   * GET /api/wallet-report/:id/result: the finished report (409 REPORT_NOT_READY before); read in a
   * Web Worker (report-result-loader.ts) so a 200,000-row result does not freeze the page.
   */
  async result(id: string, signal?: AbortSignal): Promise<WalletReportResult> {
    const url = jobPath(id, "/result");
    if (typeof Worker !== "undefined") return loadInWorker({ url, language: language() }, signal);
    return parseReportResult(await getLargeJson(url, signal));
  },
  /**
   * GET /api/wallet-report/:id/package: the ZIP for the tax advisor (409 REPORT_NOT_READY before the
   * report is finished), with the name the server gives it.
   */
  async advisorPackage(id: string): Promise<{ fileName: string; blob: Blob }> {
    let res: Response;
    try {
      res = await fetch(jobPath(id, "/package"), {
        headers: { Accept: "application/zip", "X-App-Language": language() },
        credentials: "same-origin",
      });
    } catch (err) {
      throw new NetworkError(err);
    }
    if (!res.ok) throw answerError(res.status, await res.text().catch(() => ""), res.statusText);
    const named = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
    return { fileName: named?.[1] ?? "steuerberatung.zip", blob: await res.blob() };
  },
  /** DELETE /api/wallet-report/:id (204). */
  async remove(id: string): Promise<void> {
    await api<unknown>(jobPath(id), { method: "DELETE" });
  },
  /** GET /api/wallet-report: the user's recent jobs, newest first. */
  async list(): Promise<TaxReportJob[]> {
    return jobListSchema.parse(await api<unknown>("/api/wallet-report")).jobs;
  },
  /** The Server-Sent Events stream of a job: `job` events with the row, `deleted` when it is gone. */
  eventsUrl(id: string): string {
    return jobPath(id, "/events");
  },
};
