import type { AccessLevel } from "./levels.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type RouteKey = `${Method} /api/${string}`;

/**
 * Every API route the app answers, with who may call it (`levels.ts`). The composition mounts each
 * route's guard from here (`mount-guards.ts`) and refuses to start when a registered route is missing
 * (or a listed one is gone); `apps/server/test/route-table.test.ts` checks every entry against the
 * running app. Paths are Hono patterns as the routers register them.
 */
export const API_ROUTES = {
  "GET /api/health": "public",
  "GET /api/config": "public",
  "GET /api/dev/outbox": "public",
  "POST /api/billing/webhook": "public",
  "POST /api/billing/checkout": "session",
  "POST /api/billing/portal": "session",
  // The better-auth endpoints the app exposes (auth/guarded-endpoints.ts), each listed with its method.
  "POST /api/auth/sign-up/email": "public",
  "POST /api/auth/sign-in/email": "public",
  "POST /api/auth/sign-out": "public",
  "GET /api/auth/get-session": "public",
  "GET /api/auth/verify-email": "public",
  "POST /api/auth/send-verification-email": "public",
  "POST /api/auth/request-password-reset": "public",
  "POST /api/auth/reset-password": "public",
  "POST /api/auth/change-password": "session",
  "GET /api/me": "session",
  "GET /api/account/export": "session",
  "POST /api/account/delete": "session",
  "GET /api/wallet-management": "session",
  "POST /api/wallet-management": "session",
  "DELETE /api/wallet-management": "session",
  "GET /api/portfolio": "session",
  "GET /api/portfolio/summary": "session",
  "POST /api/portfolio/refresh": "session",
  "GET /api/portfolio/history": "session",
  "GET /api/nft-image": "session",
  "GET /api/settings": "session",
  "GET /api/notifications": "session",
  "GET /api/notifications/settings": "session",
  "PUT /api/notifications/settings": "session",
  "POST /api/notifications/read": "session",
  "POST /api/notifications/test": "session",
  // A mail's link: the signed token is the credential (alerts/unsubscribe-token.ts).
  "GET /api/notifications/unsubscribe": "public",
  "POST /api/notifications/unsubscribe": "public",
  "POST /api/debug/alerts": "owner",
  "PUT /api/settings": "session",
  "GET /api/roi": "premium",
  "GET /api/news": "session",
  "GET /api/market/pairs": "session",
  "GET /api/market/tokens": "session",
  "GET /api/market/tokens/:chainId/:address": "session",
  "GET /api/market/movers": "session",
  "GET /api/watchlist": "session",
  "POST /api/watchlist": "session",
  "DELETE /api/watchlist": "session",
  "GET /api/tracker": "session",
  "POST /api/debug/test-system": "session",
  "GET /api/debug/compute-units": "session",
  "GET /api/debug/transactions": "session",
  "GET /api/debug/transactions/diagnostic": "session",
  "GET /api/debug/transactions/compare": "session",
  "GET /api/income-choices": "session",
  "PUT /api/income-choices": "session",
  "GET /api/investments": "premium",
  "POST /api/investments": "premium",
  "PUT /api/investments/:id": "premium",
  "DELETE /api/investments/:id": "premium",
  "GET /api/token-choices": "session",
  "PUT /api/token-choices": "session",
  "POST /api/wallet-report": "premium",
  "GET /api/wallet-report": "premium",
  "GET /api/wallet-report/:id": "premium",
  "GET /api/wallet-report/:id/events": "premium",
  "GET /api/wallet-report/:id/result": "premium",
  "GET /api/wallet-report/:id/package": "premium",
  "DELETE /api/wallet-report/:id": "premium",
  "POST /api/wallet-report-direct": "premium",
  "GET /api/wallet-report-archive": "premium",
  "GET /api/tax/unknowns": "premium",
  "PUT /api/tax/declarations": "premium",
  "DELETE /api/tax/declarations": "premium",
  "GET /api/tax/open-lots": "premium",
  "POST /api/tax/what-if": "premium",
  "POST /api/imports/preview": "premium",
  "POST /api/imports": "premium",
  "GET /api/imports": "premium",
  "GET /api/imports/holdings": "premium",
  "GET /api/imports/:id/rows": "premium",
  "PATCH /api/imports/:id": "premium",
  "DELETE /api/imports/:id": "premium",
  "GET /api/trade/quote": "session",
  "GET /api/bridge/tokens": "session",
  "GET /api/yield/examples": "session",
} as const satisfies Record<RouteKey, AccessLevel>;

export type ApiRoute = keyof typeof API_ROUTES;

/** The table as [method, path, level] rows. */
export function apiRoutes(): { method: Method; path: string; level: AccessLevel }[] {
  return Object.entries(API_ROUTES).map(([key, level]) => {
    const [method, path] = key.split(" ") as [Method, string];
    return { method, path, level };
  });
}
