import { Hono } from "hono";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { readJson, validationError } from "./errors.ts";
import { userOf } from "./session-user.ts";

export interface UserChoiceDeps {
  db: Db;
  now: () => Date;
  /** A choice changed: drop what was computed without it. */
  onChange: (userId: string) => Promise<void>;
}

/**
 * GET/PUT of a signed-in user's own choices (no id to ask for another's): GET lists them, PUT stores
 * one (validated by `schema`) and answers the new list. Used by the token and the income choices.
 */
export function userChoiceRoutes<Choice, Put extends z.ZodType>(
  deps: UserChoiceDeps,
  store: {
    schema: Put;
    read: (db: Db, userId: string) => Promise<Choice[]>;
    write: (db: Db, userId: string, choice: z.output<Put>, now: Date) => Promise<void>;
  },
) {
  const app = new Hono();

  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ choices: await store.read(deps.db, userOf(c).id) });
  });

  app.put("/", async (c) => {
    const parsed = store.schema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = userOf(c).id;
    await store.write(deps.db, userId, parsed.data, deps.now());
    await deps.onChange(userId);
    return c.json({ choices: await store.read(deps.db, userId) });
  });

  return app;
}
