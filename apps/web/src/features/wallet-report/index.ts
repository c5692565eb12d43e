// The wallet-report feature's public face: what other features may use.
export { walletReportApi } from "./report-api.ts";
export { lastReportQueryOptions, REPORT_JOBS_QUERY_KEY } from "./report-jobs.ts";
