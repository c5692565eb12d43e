import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import { type AccessDeps, requireFullAccess } from "../billing/access.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import type { RoiCache } from "./roi-cache.ts";

/** GET /api/roi: the ROI tracker's figures over the signed-in user's saved wallets. Premium (or trial). */
export function roiRoutes(deps: { auth: Auth; access: AccessDeps; cache: RoiCache }) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth), requireFullAccess(deps.access));
  app.get("/", async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await deps.cache.get(c.get("user").id));
  });
  return app;
}
