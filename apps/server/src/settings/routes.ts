import { updateSettingsRequestSchema } from "@pulsemanager/core";
import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { readJson, validationError } from "../http/errors.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import { readSettings, writeSettings } from "./settings-store.ts";

/** GET/PUT /api/settings: the signed-in user's own settings (there is no id to ask for another's). */
export function settingsRoutes(deps: { auth: Auth; db: Db; now: () => Date }) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));

  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await readSettings(deps.db, c.get("user").id));
  });

  app.put("/", async (c) => {
    const parsed = updateSettingsRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json(await writeSettings(deps.db, c.get("user").id, parsed.data, deps.now()));
  });

  return app;
}
