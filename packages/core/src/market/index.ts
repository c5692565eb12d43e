export * from "./burn-sinks.ts";
export * from "./market-api.ts";
export * from "./movers.ts";
export * from "./supply.ts";
