import { openLotsQuerySchema, whatIfRequestSchema } from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { type ServerText, serverText } from "../http/messages.ts";
import { requestLanguage } from "../http/request-language.ts";
import { userOf } from "../http/session-user.ts";
import { openLots } from "./open-lots-service.ts";
import { type PlanningDeps, planningMoment } from "./planning-run.ts";
import { WhatIfRefused, whatIf } from "./what-if-service.ts";

const REFUSAL_TEXTS: Record<WhatIfRefused["code"], { text: ServerText; status: 400 | 404 | 422; field: string }> = {
  PLANNING_UNKNOWN_TOKEN: { text: "planningUnknownToken", status: 404, field: "token" },
  PLANNING_AMOUNT_ABOVE_HOLDING: { text: "planningAmountAboveHolding", status: 400, field: "amount" },
  PLANNING_NO_PRICE: { text: "planningNoPrice", status: 422, field: "priceEur" },
};

/** A refused sale: its code, a sentence in the request's language, and the field it is about. */
function refused(c: Context, err: WhatIfRefused) {
  const { text, status, field } = REFUSAL_TEXTS[err.code];
  const message = serverText(text, requestLanguage(c.req.raw), err.values);
  return jsonError(c, status, err.code, message, { fields: { [field]: message } });
}

/**
 * /api/tax (docs/api.md): GET /open-lots?at= the open lots with their tax-free dates and the year's
 * room under the Freigrenzen; POST /what-if what a sale would mean. Premium (or trial), like the report.
 */
export function taxPlanningRoutes(deps: PlanningDeps) {
  const app = new Hono();

  app.get("/open-lots", async (c) => {
    const query = openLotsQuerySchema(deps.now()).safeParse({ at: c.req.query("at") });
    if (!query.success) return validationError(c, query.error);
    c.header("Cache-Control", "no-store");
    return c.json(await openLots(deps, userOf(c).id, planningMoment(query.data.at, deps.now())));
  });

  app.post("/what-if", async (c) => {
    const parsed = whatIfRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    try {
      return c.json(await whatIf(deps, userOf(c).id, parsed.data, planningMoment(undefined, deps.now())));
    } catch (err) {
      if (err instanceof WhatIfRefused) return refused(c, err);
      throw err;
    }
  });

  return app;
}
