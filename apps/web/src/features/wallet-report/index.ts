// The wallet-report feature's public face: what other features may use.
export { walletReportApi } from "./job/report-api.ts";
export { lastReportQueryOptions, REPORT_JOBS_QUERY_KEY } from "./job/report-jobs.ts";
