import { Hono } from "hono";
import { userOf } from "../http/session-user.ts";
import type { ReportStore } from "./report-store.ts";
import { toJob } from "./report-store.ts";

/**
 * GET /api/wallet-report-archive (docs/api.md): the user's monthly archive ("Bericht monatlich
 * sichern"), newest month first; each report's result and package come from /api/wallet-report/:id.
 */
export function reportArchiveRoutes(deps: { store: ReportStore }) {
  const app = new Hono();
  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const rows = await deps.store.listArchives(userOf(c).id);
    return c.json({ archives: rows.map((r) => toJob(r)) });
  });
  return app;
}
