import { gunzipSync } from "node:zlib";
import {
  MAX_OPEN_REPORTS_PER_USER,
  type WalletReportResult,
  type WalletReportStartResponse,
  walletReportRequestSchema,
} from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import { accepts } from "../http/compress-json.ts";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import { readReportSettings } from "../settings/settings-store.ts";
import { type DirectReportDeps, directReport } from "./direct-report.ts";
import { buildAdvisorPackage } from "./package/advisor-package.ts";
import { type ProgressStreamDeps, reportProgressStream } from "./progress-stream.ts";
import type { ReportQueue } from "./report-queue.ts";
import { toJob } from "./report-store.ts";

export interface ReportRouteDeps extends DirectReportDeps, ProgressStreamDeps {
  queue: ReportQueue;
}

/**
 * /api/wallet-report (docs/api.md): start a report job, read it, follow its progress (SSE), fetch the
 * result or the package for the tax advisor, delete it; /api/wallet-report-direct answers small histories at once. Premium (or trial).
 */
export function walletReportRoutes(deps: ReportRouteDeps) {
  const app = new Hono();

  app.post("/wallet-report", (c) => startReport(deps, c));

  app.get("/wallet-report", async (c) => {
    const userId = userOf(c).id;
    const rows = await deps.store.list(userId);
    const basis = await readReportSettings(deps.db, userId);
    return c.json({ jobs: rows.map((r) => toJob(r, basis)) });
  });

  app.get("/wallet-report/:id", async (c) => {
    const userId = userOf(c).id;
    const row = await deps.store.get(c.req.param("id"), userId);
    if (!row) return jsonError(c, 404, "NOT_FOUND", "Job was deleted");
    c.header("Cache-Control", "no-store");
    return c.json(toJob(row, await readReportSettings(deps.db, userId)));
  });

  app.get("/wallet-report/:id/events", (c) => reportProgressStream(deps, c));

  app.get("/wallet-report/:id/result", async (c) => {
    const result = await deps.store.result(c.req.param("id"), userOf(c).id);
    if (result === undefined) return jsonError(c, 404, "NOT_FOUND", "Job was deleted");
    if (result === null) return jsonError(c, 409, "REPORT_NOT_READY", "The report is not ready yet.");
    c.header("Content-Type", "application/json; charset=utf-8");
    c.header("Cache-Control", "private, no-store");
    // Stored gzipped: sent as it is to every client that takes gzip.
    if (accepts(c.req.header("accept-encoding"), "gzip")) {
      c.header("Content-Encoding", "gzip");
      return c.body(new Uint8Array(result));
    }
    return c.body(gunzipSync(result).toString("utf8"));
  });

  // The package for the tax advisor: one ZIP of a finished report (package/advisor-package.ts).
  app.get("/wallet-report/:id/package", async (c) => {
    const userId = userOf(c).id;
    const stored = await deps.store.result(c.req.param("id"), userId);
    if (stored === undefined) return jsonError(c, 404, "NOT_FOUND", "Job was deleted");
    if (stored === null) return jsonError(c, 409, "REPORT_NOT_READY", "The report is not finished yet.");
    const result = JSON.parse(gunzipSync(stored).toString("utf8")) as WalletReportResult;
    const { fileName, bytes } = await buildAdvisorPackage(deps, userId, result);
    c.header("Content-Type", "application/zip");
    c.header("Content-Disposition", `attachment; filename="${fileName}"`);
    c.header("Cache-Control", "private, no-store");
    return c.body(new Uint8Array(bytes));
  });

  app.delete("/wallet-report/:id", async (c) => {
    const row = await deps.store.delete(c.req.param("id"), userOf(c).id);
    if (!row) return jsonError(c, 404, "NOT_FOUND", "Job was deleted");
    await deps.events.publish(row.id);
    return c.body(null, 204);
  });

  app.post("/wallet-report-direct", (c) => directReport(deps, c));

  return app;
}

/** POST /api/wallet-report: a new report job, unless the user has the most already waiting or running. */
async function startReport(deps: ReportRouteDeps, c: Context) {
  const parsed = walletReportRequestSchema(deps.now()).safeParse((await readJson(c)) ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const body = parsed.data;
  const created = await deps.store.createUnlessBusy(
    {
      userId: userOf(c).id,
      scope: body.scope,
      address: body.walletAddress,
      year: body.taxYear,
      manualEntries: body.manualEntries,
    },
    MAX_OPEN_REPORTS_PER_USER,
  );
  if (!created)
    return jsonError(
      c,
      429,
      "TOO_MANY_REPORTS",
      `You already have ${MAX_OPEN_REPORTS_PER_USER} reports waiting or running. Start the next one when one has finished.`,
    );
  const { row, openBefore } = created;
  try {
    await deps.queue.enqueue(row.id, openBefore);
  } catch (err) {
    // A report no worker will ever take must not hold one of the user's open slots.
    await deps.store.fail(row.id, "could not be queued");
    deps.logger.error({ err, reportId: row.id }, "report could not be queued");
    return jsonError(c, 503, "INTERNAL_ERROR", "The report could not be queued. Please try again in a moment.");
  }
  return c.json({ status: "pending", jobId: row.id } satisfies WalletReportStartResponse, 202);
}
