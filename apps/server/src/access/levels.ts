/**
 * Who may call an API route (docs/security.md, "Access"):
 * - public: anyone; what the route answers without a session is its own business;
 * - session: a signed-in user with a confirmed address (else 401 UNAUTHENTICATED);
 * - premium: a session with full access: Premium, the trial, an owner, or anyone in the Community
 *   Edition (else 403 PREMIUM_REQUIRED);
 * - owner: a session of an owner of the installation, ADMIN_EMAILS (else 403 FORBIDDEN).
 */
export const ACCESS_LEVELS = ["public", "session", "premium", "owner"] as const;

export type AccessLevel = (typeof ACCESS_LEVELS)[number];
