import {
  type DeclarationsResponse,
  deleteDeclarationsRequestSchema,
  putDeclarationsRequestSchema,
  taxYearSchema,
} from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import type { Db } from "../db/client.ts";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { serverText } from "../http/messages.ts";
import { requestLanguage } from "../http/request-language.ts";
import { userOf } from "../http/session-user.ts";
import type { ReportStore } from "../tax-report/report-store.ts";
import { foreignArrivals } from "./arrival-check.ts";
import { arrivalId, deleteDeclarations, readDeclarations, upsertDeclarations } from "./declaration-store.ts";
import { taxUnknowns } from "./unknowns.ts";

export interface TaxDeclarationDeps {
  db: Db;
  store: ReportStore;
  now: () => Date;
}

/** 404 for an arrival that is not the user's or not in the stored history (the two are not told apart). */
function arrivalNotFound(c: Context) {
  return jsonError(c, 404, "NOT_FOUND", serverText("arrivalNotFound", requestLanguage(c.req.raw)));
}

/**
 * /api/tax (docs/api.md): GET /unknowns?year= lists what keeps a year from being complete; PUT and
 * DELETE /declarations store and take back the user's own word on arrivals of unknown acquisition.
 * Premium (or trial), like the report they feed.
 */
export function taxDeclarationRoutes(deps: TaxDeclarationDeps) {
  const app = new Hono();

  app.get("/unknowns", async (c) => {
    const year = taxYearSchema(deps.now()).safeParse(c.req.query("year"));
    if (!year.success) return validationError(c, year.error);
    c.header("Cache-Control", "no-store");
    return c.json(await taxUnknowns(deps, userOf(c).id, year.data));
  });

  app.put("/declarations", async (c) => {
    const parsed = putDeclarationsRequestSchema(deps.now()).safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = userOf(c).id;
    const { declarations } = parsed.data;
    if ((await foreignArrivals(deps.db, userId, declarations)).length > 0) return arrivalNotFound(c);
    await upsertDeclarations(deps.db, userId, declarations, deps.now());
    return c.json({ declarations: await readDeclarations(deps.db, userId) } satisfies DeclarationsResponse);
  });

  app.delete("/declarations", async (c) => {
    const parsed = deleteDeclarationsRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const userId = userOf(c).id;
    const { arrivals } = parsed.data;
    // The user's own declaration can always be taken back (also of a wallet removed since).
    const declared = new Set((await readDeclarations(deps.db, userId)).map(arrivalId));
    const unknown = await foreignArrivals(
      deps.db,
      userId,
      arrivals.filter((a) => !declared.has(arrivalId(a))),
    );
    if (unknown.length > 0) return arrivalNotFound(c);
    await deleteDeclarations(deps.db, userId, arrivals, deps.now());
    return c.json({ declarations: await readDeclarations(deps.db, userId) } satisfies DeclarationsResponse);
  });

  return app;
}
