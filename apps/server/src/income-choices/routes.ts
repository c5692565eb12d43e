import { putIncomeChoiceRequestSchema } from "@pulsemanager/core";
import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { readJson, validationError } from "../http/errors.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import { readIncomeChoices, writeIncomeChoice } from "./income-choice-store.ts";

/**
 * GET/PUT /api/income-choices: the signed-in user's "is this income?" answers per sender. Applied
 * everywhere: `onChange` drops the user's cached ROI figures and portfolio; tax reports read the
 * choices when they run.
 */
export function incomeChoiceRoutes(deps: {
  auth: Auth;
  db: Db;
  now: () => Date;
  onChange: (userId: string) => Promise<void>;
}) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));

  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ choices: await readIncomeChoices(deps.db, c.get("user").id) });
  });

  app.put("/", async (c) => {
    const parsed = putIncomeChoiceRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = c.get("user").id;
    await writeIncomeChoice(deps.db, userId, parsed.data, deps.now());
    await deps.onChange(userId);
    return c.json({ choices: await readIncomeChoices(deps.db, userId) });
  });

  return app;
}
