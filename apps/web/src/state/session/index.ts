// The session (GET /api/me): who is signed in and what they may use. What the features may use.
export { awaitingActivation, startAwaitingActivation, stopAwaitingActivation } from "./activation.ts";
export { endSession } from "./end-session.ts";
export type { AuthState } from "./me-query.ts";
export { meQueryOptions, useMe } from "./me-query.ts";
export { useAccess } from "./use-access.ts";
