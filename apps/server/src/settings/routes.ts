import { updateSettingsRequestSchema } from "@pulsemanager/core";
import { Hono } from "hono";
import type { Db } from "../db/client.ts";
import { readJson, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import { readSettings, writeSettings } from "./settings-store.ts";

/** GET/PUT /api/settings: the signed-in user's own settings (there is no id to ask for another's). */
export function settingsRoutes(deps: { db: Db; now: () => Date }) {
  const app = new Hono();

  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await readSettings(deps.db, userOf(c).id));
  });

  app.put("/", async (c) => {
    const parsed = updateSettingsRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json(await writeSettings(deps.db, userOf(c).id, parsed.data, deps.now()));
  });

  return app;
}
