// The wallet-report feature's public face: what other features may use.
export { walletReportApi } from "./job/report-api.ts";
export { lastReportQueryOptions } from "./job/report-jobs.ts";
