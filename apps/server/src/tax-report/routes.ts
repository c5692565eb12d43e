import { gunzipSync } from "node:zlib";
import {
  DIRECT_REPORT_MAX_TRANSFERS,
  MAX_OPEN_REPORTS_PER_USER,
  type WalletReportDirectResponse,
  type WalletReportResult,
  type WalletReportStartResponse,
  walletReportRequestSchema,
} from "@pulsemanager/core";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import { readReportSettings } from "../settings/settings-store.ts";
import { type BuildDeps, buildWalletReport, NoWalletsError, TooManyTransfersError } from "./build-report.ts";
import { buildAdvisorPackage } from "./package/advisor-package.ts";
import type { ReportEvents } from "./report-events.ts";
import type { ReportQueue } from "./report-queue.ts";
import { type ReportStore, toJob } from "./report-store.ts";

export interface ReportRouteDeps extends BuildDeps {
  store: ReportStore;
  events: ReportEvents;
  queue: ReportQueue;
  /** The direct analysis answers 504 after this long (the work itself goes on and its data is kept). */
  directTimeoutMs: number;
  /** Keep-alive comments on idle progress streams. */
  sseHeartbeatMs?: number;
}

/**
 * /api/wallet-report (docs/api.md): start a report job, read it, follow its progress (SSE), fetch the
 * result or the package for the tax advisor, delete it; /api/wallet-report-direct answers small histories at once. Premium (or trial).
 */
export function walletReportRoutes(deps: ReportRouteDeps) {
  const app = new Hono();

  app.post("/wallet-report", async (c) => {
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
  });

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

  app.get("/wallet-report/:id/events", async (c) => {
    const id = c.req.param("id");
    const userId = userOf(c).id;
    const first = await deps.store.get(id, userId);
    if (!first) return jsonError(c, 404, "NOT_FOUND", "Job was deleted");
    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // Each change sends the row as it was read right after that change (read at once, so a busy
      // stream still shows every step of the progress); sends run one after another.
      let sending = Promise.resolve();
      const send = async (reading: ReturnType<typeof deps.store.get>) => {
        const row = await reading;
        if (!row) {
          await stream.writeSSE({ event: "deleted", data: JSON.stringify({ id }) });
          finish();
          return;
        }
        await stream.writeSSE({ event: "job", data: JSON.stringify(toJob(row)) });
      };
      const queueSend = () => {
        const reading = deps.store.get(id, userId);
        reading.catch(() => undefined); // a failed read ends the stream where it is awaited, in order
        sending = sending.then(() => send(reading)).catch(finish);
      };
      const unsubscribe = deps.events.subscribe(id, queueSend);
      const heartbeat = setInterval(
        () => void stream.write(": keep-alive\n\n").catch(finish),
        deps.sseHeartbeatMs ?? 15_000,
      );
      stream.onAbort(finish);
      queueSend();
      await finished;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  app.get("/wallet-report/:id/result", async (c) => {
    const result = await deps.store.result(c.req.param("id"), userOf(c).id);
    if (result === undefined) return jsonError(c, 404, "NOT_FOUND", "Job was deleted");
    if (result === null) return jsonError(c, 409, "REPORT_NOT_READY", "The report is not ready yet.");
    c.header("Content-Type", "application/json; charset=utf-8");
    c.header("Cache-Control", "private, no-store");
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
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

  app.post("/wallet-report-direct", async (c) => {
    const parsed = walletReportRequestSchema(deps.now()).safeParse((await readJson(c)) ?? {});
    if (!parsed.success) return validationError(c, parsed.error);
    const body = parsed.data;
    const work = buildWalletReport(
      deps,
      {
        userId: userOf(c).id,
        scope: body.scope,
        address: body.walletAddress,
        year: body.taxYear,
        manualEntries: body.manualEntries ?? [],
      },
      async () => undefined,
      { maxTransfers: DIRECT_REPORT_MAX_TRANSFERS },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), deps.directTimeoutMs);
    });
    try {
      const result = await Promise.race([work, timeout]);
      if (result === "timeout") {
        work.catch(() => undefined);
        return jsonError(c, 504, "TIMEOUT", "Server timeout: the analysis is taking too long.");
      }
      const answer: WalletReportDirectResponse = {
        success: true,
        wallet_address: result.address,
        chains: result.meta.chains,
        total_transactions: result.transactions.length,
        ...result,
      };
      return c.json(answer);
    } catch (err) {
      if (err instanceof TooManyTransfersError)
        return jsonError(
          c,
          413,
          "REPORT_TOO_LARGE",
          `${err.count} transfers: more than the direct analysis handles (${DIRECT_REPORT_MAX_TRANSFERS}); use the regular analysis.`,
        );
      if (err instanceof NoWalletsError) return jsonError(c, 400, "VALIDATION_ERROR", "No wallets found");
      throw err;
    } finally {
      clearTimeout(timer);
    }
  });

  return app;
}
