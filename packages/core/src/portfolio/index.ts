export * from "./portfolio-api.ts";
export * from "./wallet-api.ts";
