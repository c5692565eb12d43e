export * from "./hex-stake.ts";
export * from "./lp-value.ts";
export * from "./positions-api.ts";
export * from "./hex-stake-logs.ts";
