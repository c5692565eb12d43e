import type { QueryClient } from "@tanstack/react-query";
import { type Dispatch, useEffect } from "react";
import { ApiError } from "../../../lib/api.ts";
import { REPORT_JOBS_QUERY_KEY } from "../../../lib/query-keys.ts";
import { isPremiumRequired, notifyPremiumRequired } from "../../subscription/index.ts";
import type { AnalysisAction, AnalysisState } from "./analysis-state.ts";
import { analysisErrorMessage } from "./report-answers.ts";
import { walletReportApi } from "./report-api.ts";

/** 409 REPORT_NOT_READY right after completion (another process finishing the write): asked again. */
const RESULT_TRIES = 5;
const RESULT_RETRY_MS = 1_000;

/** On completion the final report is requested (asked again while the server says it is not ready). */
export function useFinalReportLoader(
  state: AnalysisState,
  dispatch: Dispatch<AnalysisAction>,
  queryClient: QueryClient,
): void {
  const loadingJob = state.phase === "loadingResult" ? state.jobId : null;
  const loadingRun = state.run;
  useEffect(() => {
    if (!loadingJob) return;
    const controller = new AbortController();
    const load = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await walletReportApi.result(loadingJob, controller.signal);
          dispatch({ type: "report", run: loadingRun, result });
          void queryClient.invalidateQueries({ queryKey: REPORT_JOBS_QUERY_KEY });
          return;
        } catch (error) {
          if (controller.signal.aborted) return;
          const notReady = error instanceof ApiError && error.code === "REPORT_NOT_READY";
          if (notReady && attempt < RESULT_TRIES) {
            await new Promise((done) => window.setTimeout(done, RESULT_RETRY_MS));
            if (controller.signal.aborted) return;
            continue;
          }
          if (isPremiumRequired(error)) notifyPremiumRequired();
          dispatch({ type: "failed", run: loadingRun, message: analysisErrorMessage(error, "job") });
          return;
        }
      }
    };
    void load();
    return () => controller.abort();
  }, [loadingJob, loadingRun, queryClient, dispatch]);
}
