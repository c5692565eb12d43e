export * from "./amounts.ts";
export * from "./chains.ts";
export * from "./known-tokens.ts";
export * from "./price.ts";
export * from "./price-judgement.ts";
export * from "./token-id.ts";
export * from "./transfer.ts";
