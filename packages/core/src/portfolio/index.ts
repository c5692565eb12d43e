export * from "./portfolio-api.ts";
export * from "./portfolio-summary.ts";
export * from "./wallet-api.ts";
