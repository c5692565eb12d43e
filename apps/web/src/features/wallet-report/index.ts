// The wallet-report feature's public face: what other features may use.
export { walletReportApi } from "./report-api.ts";
export { REPORT_JOBS_QUERY_KEY } from "./use-wallet-report.ts";
