/**
 * The React Query keys the boot chunk needs: the session (GET /api/me) and the public configuration
 * (GET /api/config), read before any page shows. Every other key is in query-keys.ts, kept out of the
 * sign-in page's first load.
 */
export const ME_QUERY_KEY = ["me"] as const;
export const CONFIG_QUERY_KEY = ["config"] as const;
