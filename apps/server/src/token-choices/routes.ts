import { putTokenChoiceRequestSchema } from "@pulsemanager/core";
import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { readJson, validationError } from "../http/errors.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import { readTokenChoices, writeTokenChoice } from "./token-choice-store.ts";

/**
 * GET/PUT /api/token-choices: the signed-in user's own choices on single tokens (there is no id to ask
 * for another's). A change is applied everywhere: `onChange` drops the user's cached portfolio; tax
 * reports read the choices when they run.
 */
export function tokenChoiceRoutes(deps: {
  auth: Auth;
  db: Db;
  now: () => Date;
  onChange: (userId: string) => Promise<void>;
}) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));

  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ choices: await readTokenChoices(deps.db, c.get("user").id) });
  });

  app.put("/", async (c) => {
    const parsed = putTokenChoiceRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = c.get("user").id;
    await writeTokenChoice(deps.db, userId, parsed.data, deps.now());
    await deps.onChange(userId);
    return c.json({ choices: await readTokenChoices(deps.db, userId) });
  });

  return app;
}
