import type { TaxReportJob, WalletReportRequest } from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useReducer, useRef } from "react";
import { REPORT_JOBS_QUERY_KEY } from "../../../lib/query-keys.ts";
import { type AnalysisState, analysisReducer, initialAnalysis } from "./analysis-state.ts";
import { useFinalReportLoader } from "./load-final-report.ts";
import {
  type AnalysisMode,
  analysisErrorMessage,
  interpretDirectAnswer,
  interpretStartAnswer,
} from "./report-answers.ts";
import { walletReportApi } from "./report-api.ts";

/** The request a job was made with (for a resumed job; manual entries are not kept by the server's row). */
export function requestOfJob(job: Pick<TaxReportJob, "scope" | "address" | "year">): WalletReportRequest {
  return {
    scope: job.scope,
    ...(job.scope === "address" && job.address ? { walletAddress: job.address } : {}),
    taxYear: job.year,
  };
}

export interface WalletReport {
  state: AnalysisState;
  start: (mode: AnalysisMode, request: WalletReportRequest) => void;
  /** Show a job of the list (a running one is followed, a completed one is loaded). */
  resume: (job: TaxReportJob) => void;
  jobCompleted: () => void;
  /** Stops following a running job and deletes it on the server. */
  cancel: () => void;
  reset: () => void;
  inputsChanged: () => void;
  /** The user's recent jobs (GET /api/wallet-report), newest first, to pick up a job after a reload. */
  jobs: TaxReportJob[];
  jobsLoaded: boolean;
}

/**
 * The analysis of the page: starts the job-based or the direct call, follows the job (see
 * JobProgress), loads the final report on completion, maps every failure to its user-facing
 * message. The calls run as mutations, so a 401 ends the session and a 403 PREMIUM_REQUIRED opens the
 * plan modal through the query client, as everywhere in the app.
 */
export function useWalletReport({ listJobs }: { listJobs: boolean }): WalletReport {
  const [state, dispatch] = useReducer(analysisReducer, initialAnalysis);
  const runs = useRef(0);
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ mode, request }: { mode: AnalysisMode; request: WalletReportRequest }) =>
      mode === "job" ? walletReportApi.start(request) : walletReportApi.direct(request),
  });
  const jobsQuery = useQuery({
    queryKey: REPORT_JOBS_QUERY_KEY,
    queryFn: walletReportApi.list,
    // On the Basic plan the list is refused (403): no plan modal just for opening the page.
    enabled: listJobs,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

  const start = useCallback(
    (mode: AnalysisMode, request: WalletReportRequest) => {
      const run = ++runs.current;
      dispatch({ type: "start", run, mode, request });
      mutateAsync({ mode, request }).then(
        (answer) => {
          const outcome = mode === "job" ? interpretStartAnswer(answer) : interpretDirectAnswer(answer);
          if (outcome.kind === "report") dispatch({ type: "report", run, result: outcome.report });
          else if (outcome.kind === "progress") dispatch({ type: "jobStarted", run, jobId: outcome.jobId });
          else dispatch({ type: "failed", run, message: outcome.message });
        },
        (error: unknown) => dispatch({ type: "failed", run, message: analysisErrorMessage(error, mode) }),
      );
    },
    [mutateAsync],
  );

  const resume = useCallback((job: TaxReportJob) => {
    dispatch({
      type: "resume",
      run: ++runs.current,
      request: requestOfJob(job),
      jobId: job.id,
      completed: job.status === "completed",
    });
  }, []);

  const reset = useCallback(() => dispatch({ type: "reset", run: ++runs.current }), []);
  const inputsChanged = useCallback(() => dispatch({ type: "inputsChanged" }), []);
  const jobCompleted = useCallback(() => dispatch({ type: "jobCompleted", run: runs.current }), []);

  const trackedJob = state.phase === "tracking" ? state.jobId : null;
  const cancel = useCallback(() => {
    if (trackedJob) void walletReportApi.remove(trackedJob).catch(() => undefined);
    dispatch({ type: "reset", run: ++runs.current });
  }, [trackedJob]);

  useFinalReportLoader(state, dispatch, queryClient);

  return {
    state,
    start,
    resume,
    jobCompleted,
    cancel,
    reset,
    inputsChanged,
    jobs: jobsQuery.data ?? [],
    jobsLoaded: jobsQuery.isFetched,
  };
}
