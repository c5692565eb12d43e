/**
 * Following a report job (docs/product/tax-report.md, "Progress"): updates arrive over Server-Sent Events and,
 * while the job is pending or processing, by polling every 5 s; polling stops at completed or failed.
 * The state and its transitions are pure (a reducer), so the rules are tested without timers.
 */
import { reportProgressPercent, type TaxReportJob, type TaxReportStep } from "@pulsemanager/core";
import type { ReportMessage } from "../form/report-inputs.ts";

/** Job polling every 5 seconds. */
export const JOB_POLL_MS = 5_000;

/** The live channel: connecting, open ('Live-Updates aktiv'), lost ('Verbindung verloren'). */
export type LiveState = "connecting" | "open" | "lost";

export interface JobTracking {
  jobId: string;
  job: TaxReportJob | null;
  live: LiveState;
  /** The live channel was open at least once (else 'Realtime connection failed'). */
  everOpen: boolean;
  /** The job is gone (404 or an SSE `deleted` event): 'Job was deleted'. */
  deleted: boolean;
  /** The last poll failed: 'Failed to fetch job: ...'; cleared by the next update. */
  pollError: ReportMessage | null;
}

export type JobTrackingAction =
  | { type: "job"; job: TaxReportJob }
  | { type: "liveOpen" }
  | { type: "liveLost" }
  | { type: "deleted" }
  | { type: "pollFailed"; message: ReportMessage };

export function initialJobTracking(jobId: string, job: TaxReportJob | null = null): JobTracking {
  return { jobId, job, live: "connecting", everOpen: false, deleted: false, pollError: null };
}

const TERMINAL = new Set(["completed", "failed"]);

function isTerminalJob(job: TaxReportJob | null): boolean {
  return job !== null && TERMINAL.has(job.status);
}

function time(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

/**
 * An update replaces the job unless it is about another job, older than the one held (a slow poll
 * answer after a newer event), or would take a finished job back to running.
 */
export function acceptsUpdate(current: TaxReportJob | null, next: TaxReportJob, jobId: string): boolean {
  if (next.id !== jobId) return false;
  if (!current) return true;
  if (isTerminalJob(current) && !isTerminalJob(next)) return false;
  return time(next.updated_at) >= time(current.updated_at);
}

export function jobTrackingReducer(state: JobTracking, action: JobTrackingAction): JobTracking {
  switch (action.type) {
    case "job":
      if (state.deleted || !acceptsUpdate(state.job, action.job, state.jobId)) return state;
      return { ...state, job: action.job, pollError: null };
    case "liveOpen":
      return state.live === "open" ? state : { ...state, live: "open", everOpen: true };
    case "liveLost":
      return state.live === "lost" ? state : { ...state, live: "lost" };
    case "deleted":
      return { ...state, deleted: true, pollError: null };
    case "pollFailed":
      return { ...state, pollError: action.message };
  }
}

/** Poll while the job is pending or processing (or not known yet); stop at completed, failed or deleted. */
export function shouldPoll(state: JobTracking): boolean {
  return !state.deleted && !isTerminalJob(state.job);
}

/** Keep the live channel while there is something to wait for. */
export function shouldListen(state: JobTracking): boolean {
  return shouldPoll(state);
}

export type JobPhase = "waiting" | "pending" | "processing" | "completed" | "failed" | "deleted";

export function jobPhase(state: JobTracking): JobPhase {
  if (state.deleted) return "deleted";
  return state.job?.status ?? "waiting";
}

export function jobPercent(state: JobTracking): number {
  if (state.job?.status === "completed") return 100;
  return state.job ? reportProgressPercent(state.job) : 0;
}

/** The step in words: an i18n key (job.step.fetching_tx, ...), or the status when no step is set. */
export function jobStepKey(state: JobTracking): string {
  const phase = jobPhase(state);
  const step: TaxReportStep | null = state.job?.step ?? null;
  if (phase === "processing" && step) return `job.step.${step}`;
  return `job.status.${phase}`;
}

/**
 * While the history is read: how many records are loaded and about how many there are ("18.400 von ~125.000
 * Transaktionen geladen"); `expected` null when the explorer could not say. Null in every other step.
 */
export function syncLoadedOf(job: TaxReportJob | null): { loaded: number; expected: number | null } | null {
  if (job?.status !== "processing" || job.step !== "fetching_tx") return null;
  if (job.sync_loaded === undefined || job.sync_loaded === null) return null;
  return { loaded: job.sync_loaded, expected: job.sync_expected ?? null };
}
