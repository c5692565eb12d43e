export * from "./hex-stake.ts";
export * from "./hex-stake-logs.ts";
export * from "./lp-value.ts";
export * from "./positions-api.ts";
