export * from "./amounts.ts";
export * from "./chain-id.ts";
export * from "./chains.ts";
export * from "./known-tokens.ts";
export * from "./price.ts";
export * from "./token-id.ts";
export * from "./transfer.ts";
export * from "./visible-text.ts";
