export * from "./alert-texts.ts";
export * from "./alerts-api.ts";
export * from "./hex-stake-alerts.ts";
export * from "./income-alerts.ts";
export * from "./tax-date-alerts.ts";
export * from "./watchlist-alerts.ts";
