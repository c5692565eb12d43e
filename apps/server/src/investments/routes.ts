import { investmentInputSchema } from "@pulsemanager/core";
import { Hono } from "hono";
import type { Db } from "../db/client.ts";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import { addInvestment, deleteInvestment, listInvestments, updateInvestment } from "./investment-store.ts";
import { type LiveValueDeps, withLiveValues } from "./live-values.ts";
import { type UsdValueDeps, withUsdValues } from "./usd-values.ts";

const notFound = "Investment not found";

/** /api/investments: the signed-in user's manual investments; another user's id answers 404. */
export function investmentRoutes(deps: { db: Db; chain: UsdValueDeps & LiveValueDeps; now: () => Date }) {
  const app = new Hono();

  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const list = await listInvestments(deps.db, userOf(c).id);
    return c.json({ investments: await withUsdValues(deps, await withLiveValues(deps, list)) });
  });

  app.post("/", async (c) => {
    const parsed = investmentInputSchema(deps.now()).safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json(await addInvestment(deps.db, userOf(c).id, parsed.data, deps.now()), 201);
  });

  app.put("/:id", async (c) => {
    const parsed = investmentInputSchema(deps.now()).safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const updated = await updateInvestment(deps.db, userOf(c).id, c.req.param("id"), parsed.data, deps.now());
    return updated ? c.json(updated) : jsonError(c, 404, "NOT_FOUND", notFound);
  });

  app.delete("/:id", async (c) => {
    const gone = await deleteInvestment(deps.db, userOf(c).id, c.req.param("id"));
    return gone ? c.body(null, 204) : jsonError(c, 404, "NOT_FOUND", notFound);
  });

  return app;
}
