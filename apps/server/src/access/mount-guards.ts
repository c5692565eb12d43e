import type { Hono, MiddlewareHandler } from "hono";
import type { RouterRoute } from "hono/types";
import type { Auth } from "../auth/auth.ts";
import { EXPOSED_AUTH_ENDPOINTS } from "../auth/guarded-endpoints.ts";
import type { AccessLevel } from "./levels.ts";
import { requireOwner } from "./owner.ts";
import { type AccessDeps, requirePremium } from "./plan-access.ts";
import { requireSession } from "./require-session.ts";
import { API_ROUTES, apiRoutes } from "./route-table.ts";

export interface GuardDeps {
  auth: Auth;
  access: AccessDeps;
}

const guards = new WeakSet<object>();

/** Whether a registered handler is one of the guards mounted here (not a route's own handler). */
export function isAccessGuard(handler: unknown): boolean {
  return typeof handler === "function" && guards.has(handler);
}

/**
 * Mounts every route's guard from the route table, by method and path. Call it before the routers are
 * mounted: Hono runs a request's matching handlers in the order they were registered.
 */
export function mountAccessGuards(app: Hono, deps: GuardDeps): void {
  const signedIn = requireSession(deps.auth);
  const byLevel: Record<AccessLevel, MiddlewareHandler[]> = {
    public: [],
    session: [signedIn],
    premium: [signedIn, requirePremium(deps.access)],
    owner: [signedIn, requireOwner(deps.access.config)],
  };
  for (const handler of Object.values(byLevel).flat()) guards.add(handler);
  for (const { method, path, level } of apiRoutes()) {
    const [first, ...rest] = byLevel[level];
    if (first) app.on(method, path, first, ...rest);
  }
}

/**
 * The API routes registered without a level in the table, and the table's routes nothing answers.
 * Wildcard (ALL) entries are middleware or catch-alls; the better-auth hand-over under /api/auth
 * answers the endpoints of auth/guarded-endpoints.ts.
 */
export function routeTableMismatches(routes: readonly RouterRoute[]): string[] {
  const registered = new Set<string>();
  for (const r of routes) {
    if (!r.path.startsWith("/api/") || isAccessGuard(r.handler)) continue;
    if (r.method === "ALL" && r.path === "/api/auth/*") {
      for (const [path, methods] of Object.entries(EXPOSED_AUTH_ENDPOINTS))
        for (const method of methods) registered.add(`${method} ${path}`);
    } else if (r.method !== "ALL") registered.add(`${r.method} ${r.path}`);
  }
  const listed = new Set<string>(Object.keys(API_ROUTES));
  const unlisted = [...registered].filter((key) => !listed.has(key)).map((key) => `${key}: no access level`);
  const gone = [...listed].filter((key) => !registered.has(key)).map((key) => `${key}: listed but not registered`);
  return [...unlisted, ...gone];
}

/** Refuses to start an app whose routes and route table disagree. */
export function assertRouteTable(app: Hono): void {
  const mismatches = routeTableMismatches(app.routes);
  if (mismatches.length > 0)
    throw new Error(`The route table (access/route-table.ts) is off:\n${mismatches.join("\n")}`);
}
