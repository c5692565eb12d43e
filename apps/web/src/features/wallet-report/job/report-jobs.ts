import type { TaxReportJob } from "@pulsemanager/core";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { LAST_REPORT_QUERY_KEY } from "../../../lib/query-keys.ts";

/**
 * The last report at a glance (the dashboard's card), under the jobs' key so that whatever asks for the
 * jobs again asks for this too. The answer is typed by the shared schema the server answers with and not
 * parsed again: a page that shows one line does not load the report's schemas and reader (the report
 * page reads the same list through them).
 */
export const lastReportQueryOptions = queryOptions({
  queryKey: LAST_REPORT_QUERY_KEY,
  queryFn: async (): Promise<TaxReportJob | null> =>
    (await api<{ jobs: TaxReportJob[] }>("/api/wallet-report")).jobs[0] ?? null,
  retry: false,
});
