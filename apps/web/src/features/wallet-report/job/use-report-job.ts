import { taxReportJobSchema } from "@pulsemanager/core";
import { useEffect, useReducer } from "react";
import { ApiError } from "../../../lib/api.ts";
import {
  initialJobTracking,
  JOB_POLL_MS,
  type JobTracking,
  jobTrackingReducer,
  shouldListen,
  shouldPoll,
} from "./job-tracking.ts";
import { analysisErrorMessage } from "./report-answers.ts";
import { walletReportApi } from "./report-api.ts";

function readJob(data: string) {
  try {
    const parsed = taxReportJobSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Follows one report job: an EventSource on /api/wallet-report/:id/events (withCredentials) for live
 * updates, and while the job is pending or processing a poll of GET /api/wallet-report/:id every 5 s;
 * both stop at completed or failed. A 404 or a `deleted` event means 'Job was deleted'.
 * The hook is mounted with a key per job id, so a new job starts from a fresh state.
 */
export function useReportJob(jobId: string): JobTracking {
  const [state, dispatch] = useReducer(jobTrackingReducer, jobId, (id) => initialJobTracking(id));
  const listen = shouldListen(state);
  const poll = shouldPoll(state);

  useEffect(() => {
    if (!listen || typeof EventSource === "undefined") return;
    const source = new EventSource(walletReportApi.eventsUrl(jobId), { withCredentials: true });
    source.onopen = () => dispatch({ type: "liveOpen" });
    source.onerror = () => dispatch({ type: "liveLost" });
    source.addEventListener("job", (event) => {
      dispatch({ type: "liveOpen" });
      const job = readJob((event as MessageEvent<string>).data);
      if (job) dispatch({ type: "job", job });
    });
    source.addEventListener("deleted", () => {
      dispatch({ type: "deleted" });
      source.close();
    });
    return () => source.close();
  }, [jobId, listen]);

  useEffect(() => {
    if (!poll) return;
    const controller = new AbortController();
    const fetchJob = async () => {
      try {
        dispatch({ type: "job", job: await walletReportApi.job(jobId, controller.signal) });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) dispatch({ type: "deleted" });
        else dispatch({ type: "pollFailed", message: analysisErrorMessage(error, "job") });
      }
    };
    void fetchJob();
    const timer = window.setInterval(() => void fetchJob(), JOB_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [jobId, poll]);

  return state;
}
