import type { TaxReportJob } from "@pulsemanager/core";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The user's recent report jobs (GET /api/wallet-report), as the report page lists them. */
export const REPORT_JOBS_QUERY_KEY = ["wallet-report", "jobs"] as const;

/**
 * The last report at a glance (the dashboard's card), under the jobs' key so that whatever asks for the
 * jobs again asks for this too. The answer is typed by the shared schema the server answers with and not
 * parsed again: a page that shows one line does not load the report's schemas and reader (the report
 * page reads the same list through them).
 */
export const lastReportQueryOptions = queryOptions({
  queryKey: [...REPORT_JOBS_QUERY_KEY, "last"] as const,
  queryFn: async (): Promise<TaxReportJob | null> =>
    (await api<{ jobs: TaxReportJob[] }>("/api/wallet-report")).jobs[0] ?? null,
  retry: false,
});
