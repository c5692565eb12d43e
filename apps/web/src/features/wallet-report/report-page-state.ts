import type { TaxReportJob, WalletReportRequest } from "@pulsemanager/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { readStoredConnection, type StoredConnection } from "../wallet-reader/index.ts";
import { REPORT_ADDRESS_ID } from "./form/report-form.tsx";
import { defaultTaxYear, type ReportScope, reportRequest, shownReportScope } from "./form/report-inputs.ts";
import { isBusy } from "./job/analysis-state.ts";
import type { AnalysisMode } from "./job/report-answers.ts";
import type { WalletReport } from "./job/use-wallet-report.ts";
import { type ManualEntriesState, usableEntries } from "./manual-entries/manual-entries-upload.tsx";
import { releaseLoadedReport } from "./result/report-result-loader.ts";

/** The element the finished report scrolls into view. */
export const REPORT_RESULT_ID = "wallet-report-result";

const RUNNING = new Set(["pending", "processing"]);

function storedConnection(userId: string | null | undefined): StoredConnection | null {
  try {
    return readStoredConnection(window.localStorage, userId);
  } catch {
    return null;
  }
}

/** The form's inputs: address (prefilled from the connected wallet), scope, year, manual entries. */
export function useReportInputs(userId: string | null, savedWallets: number | undefined) {
  const [connection] = useState(() => storedConnection(userId));
  // Prefilled from the connected wallet when empty.
  const [address, setAddress] = useState(() => connection?.address ?? "");
  // Saved wallets are the default: the form opens on "all my saved wallets" until the user picks a scope.
  const [chosenScope, setScope] = useState<ReportScope | null>(null);
  const scope = shownReportScope(chosenScope, savedWallets);
  const [year, setYear] = useState(() => String(defaultTaxYear()));
  const [manual, setManual] = useState<ManualEntriesState | null>(null);
  return { connection, address, setAddress, scope, setScope, year, setYear, manual, setManual };
}

export type ReportInputs = ReturnType<typeof useReportInputs>;

/** What the page does: start, resume, retry and reset an analysis with the form's inputs. */
export function useReportActions(report: WalletReport, inputs: ReportInputs) {
  const { state, resume } = report;
  const { setScope, setAddress, setYear } = inputs;
  // The job of the progress widget failed or was deleted: a new analysis may start.
  const [endedJob, setEndedJob] = useState<string | null>(null);
  const busy = isBusy(state, state.phase === "tracking" && state.jobId === endedJob);

  const fillFromJob = useCallback(
    (job: TaxReportJob) => {
      setScope(job.scope);
      if (job.address) setAddress(job.address);
      setYear(String(job.year));
      resume(job);
    },
    [resume, setScope, setAddress, setYear],
  );
  const startAnalysis = (mode: AnalysisMode, request: WalletReportRequest) => {
    setEndedJob(null);
    report.start(mode, request);
  };
  const analyse = (mode: AnalysisMode) =>
    startAnalysis(mode, reportRequest(inputs.scope, inputs.address, inputs.year, usableEntries(inputs.manual)));
  // The "Offene Punkte" list comes from the year's report over all wallets: its action makes that one.
  const runYearReport = (taxYear: number) => {
    setScope("all");
    setYear(String(taxYear));
    startAnalysis("job", reportRequest("all", "", String(taxYear), usableEntries(inputs.manual)));
  };
  const newAnalysis = () => {
    report.reset();
    setAddress("");
    window.scrollTo({ top: 0, behavior: "smooth" });
    requestAnimationFrame(() => document.getElementById(REPORT_ADDRESS_ID)?.focus({ preventScroll: true }));
  };
  const retry = () => {
    if (state.phase === "tracking" || state.phase === "error") {
      if (state.request) startAnalysis("job", state.request);
    }
  };
  return { busy, setEndedJob, fillFromJob, startAnalysis, analyse, runYearReport, newAnalysis, retry };
}

export type ReportActions = ReturnType<typeof useReportActions>;

/** Leaving the page, coming back to it, a report that finishes while the user waits. */
export function useReportPageEffects(report: WalletReport, fillFromJob: (job: TaxReportJob) => void): void {
  const { state } = report;
  // Leaving the page ends the worker that holds the shown report's rows.
  useEffect(() => releaseLoadedReport, []);

  // Back on the page: a job still running is followed again, the last finished report is open again.
  const autoResumed = useRef(false);
  const latest = report.jobs[0];
  useEffect(() => {
    if (autoResumed.current || !report.jobsLoaded) return;
    // Only right after the page opened: later list answers never take over the page.
    autoResumed.current = true;
    const reopen = latest && (RUNNING.has(latest.status) || latest.status === "completed");
    if (reopen && state.phase === "idle") fillFromJob(latest);
  }, [report.jobsLoaded, latest, state.phase, fillFromJob]);

  // A report that finishes while the user waits comes into view (it is below the form).
  const waited = useRef(false);
  useEffect(() => {
    if (state.phase === "tracking" || state.phase === "starting") waited.current = true;
    if (state.phase !== "result" || !waited.current) return;
    waited.current = false;
    document.getElementById(REPORT_RESULT_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [state.phase]);
}
