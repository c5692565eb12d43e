export * from "./api.ts";
export * from "./auth/api-errors.ts";
export * from "./auth/credentials.ts";
export * from "./auth/password-strength.ts";
export * from "./subscription/status.ts";
export * from "./chains/index.ts";
