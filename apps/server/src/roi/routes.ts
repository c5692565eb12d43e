import { Hono } from "hono";
import { userOf } from "../http/session-user.ts";
import type { RoiCache } from "./roi-cache.ts";

/** GET /api/roi: the ROI tracker's figures over the signed-in user's saved wallets. Premium (or trial). */
export function roiRoutes(deps: { cache: RoiCache }) {
  const app = new Hono();
  app.get("/", async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await deps.cache.get(userOf(c).id));
  });
  return app;
}
