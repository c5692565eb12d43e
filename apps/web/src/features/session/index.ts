// The session feature's public face: what other features may use.
export { endSession } from "./end-session.ts";
export type { AuthState } from "./me-query.ts";
export { ME_QUERY_KEY, meQueryOptions, useMe } from "./me-query.ts";
