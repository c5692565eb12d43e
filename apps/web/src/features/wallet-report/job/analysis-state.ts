/**
 * The analysis on the page: idle, then loading (starting, following a job,
 * loading the finished report), then result or error. 'Zurücksetzen' / 'Neue Analyse' go back to idle;
 * an error clears itself when the inputs change. Every start, resume and reset brings a new `run` number
 * (a counter of the hook): answers of an earlier run (the user pressed 'Neue Analyse' meanwhile) are dropped.
 */
import type { WalletReportRequest, WalletReportResult } from "@pulsemanager/core";
import type { ReportMessage } from "../form/report-inputs.ts";
import type { AnalysisMode } from "./report-answers.ts";

export type AnalysisState =
  | { phase: "idle"; run: number }
  | { phase: "starting"; run: number; mode: AnalysisMode; request: WalletReportRequest }
  | { phase: "tracking"; run: number; request: WalletReportRequest; jobId: string }
  | { phase: "loadingResult"; run: number; request: WalletReportRequest; jobId: string }
  | { phase: "result"; run: number; request: WalletReportRequest; result: WalletReportResult; jobId: string | null }
  | {
      phase: "error";
      run: number;
      request: WalletReportRequest | null;
      mode: AnalysisMode;
      message: ReportMessage;
    };

export type AnalysisAction =
  | { type: "start"; run: number; mode: AnalysisMode; request: WalletReportRequest }
  | { type: "resume"; run: number; request: WalletReportRequest; jobId: string; completed: boolean }
  | { type: "jobStarted"; run: number; jobId: string }
  | { type: "report"; run: number; result: WalletReportResult }
  | { type: "jobCompleted"; run: number }
  | { type: "failed"; run: number; message: ReportMessage }
  | { type: "inputsChanged" }
  | { type: "reset"; run: number };

export const initialAnalysis: AnalysisState = { phase: "idle", run: 0 };

export function analysisReducer(state: AnalysisState, action: AnalysisAction): AnalysisState {
  switch (action.type) {
    case "start":
      return { phase: "starting", run: action.run, mode: action.mode, request: action.request };
    case "resume":
      return action.completed
        ? { phase: "loadingResult", run: action.run, request: action.request, jobId: action.jobId }
        : { phase: "tracking", run: action.run, request: action.request, jobId: action.jobId };
    case "reset":
      return { phase: "idle", run: action.run };
    case "inputsChanged":
      return state.phase === "error" ? { phase: "idle", run: state.run } : state;
  }
  if (action.run !== state.run) return state;
  switch (action.type) {
    case "jobStarted":
      return state.phase === "starting"
        ? { phase: "tracking", run: state.run, request: state.request, jobId: action.jobId }
        : state;
    case "jobCompleted":
      return state.phase === "tracking"
        ? { phase: "loadingResult", run: state.run, request: state.request, jobId: state.jobId }
        : state;
    case "report":
      if (state.phase !== "starting" && state.phase !== "loadingResult") return state;
      return {
        phase: "result",
        run: state.run,
        request: state.request,
        result: action.result,
        jobId: state.phase === "loadingResult" ? state.jobId : null,
      };
    case "failed":
      if (state.phase === "idle" || state.phase === "result" || state.phase === "error") return state;
      return {
        phase: "error",
        run: state.run,
        request: state.request,
        mode: state.phase === "starting" ? state.mode : "job",
        message: action.message,
      };
  }
}

/** An analysis is under way (the analyse buttons wait while one runs). */
export function isBusy(state: AnalysisState, jobFinished = false): boolean {
  if (state.phase === "starting" || state.phase === "loadingResult") return true;
  return state.phase === "tracking" && !jobFinished;
}
