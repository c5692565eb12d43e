import { type BuildDeps, buildWalletReport, NoWalletsError, type Progress } from "./build-report.ts";
import type { ReportEvents } from "./report-events.ts";
import type { ReportStore } from "./report-store.ts";
import { writeReportResultGzip } from "./result-gzip.ts";

export interface ReportJobDeps extends BuildDeps {
  store: ReportStore;
  events: ReportEvents;
}

/** A failure that a retry cannot mend: the job fails at once with this text. */
export class PermanentReportError extends Error {}

/** The row is gone (its user deleted it): the attempt stops quietly and writes nothing more. */
export class ReportNoLongerOursError extends Error {}

/**
 * Works one tax_reports row from start to finish (also again after a restart: history sync and
 * prices are stored, so a second run redoes little). Progress is written to the row and announced.
 */
export async function runReportJob(deps: ReportJobDeps, reportId: string): Promise<void> {
  const { store, events } = deps;
  const job = await store.get(reportId);
  // Deleted meanwhile, or already finished by another worker.
  if (!job || job.status === "completed" || job.status === "failed") return;
  let lastWrite = 0;
  let started = false;
  try {
    const result = await buildWalletReport(
      deps,
      {
        userId: job.userId,
        scope: job.scope as "address" | "all",
        address: job.address,
        year: job.year,
        manualEntries: await store.manualEntries(reportId),
      },
      async (p: Parameters<Progress>[0]) => {
        if (!started) {
          started = true;
          if (!(await store.start(reportId, p.total))) throw new PermanentReportError("Job was deleted");
        } else {
          // Every batch on PostgreSQL is cheap; still, at most ~10 writes a second.
          const now = Date.now();
          if (now - lastWrite < 100 && p.processed < p.total) return;
          lastWrite = now;
          // A deleted report stops here, so deleting cannot free a slot while its work goes on.
          if (
            !(await store.progress(reportId, {
              processed: p.processed,
              step: p.step,
              ...(p.sync ? { sync: p.sync } : {}),
            }))
          )
            throw new ReportNoLongerOursError("report deleted");
        }
        await events.publish(reportId);
      },
    );
    const t0 = performance.now();
    let bytes = 0;
    let gzipMs = 0;
    // Serialised, compressed and stored in one pass: each piece is written while zlib makes the next.
    const writeResult = async (write: (b: Buffer) => void) => {
      await writeReportResultGzip(result, (b) => {
        bytes += b.length;
        write(b);
      });
      gzipMs = performance.now() - t0;
    };
    await store.complete(reportId, result.summary, writeResult, {
      declarationsVersion: result.meta.declarationsVersion ?? "",
      forkCost: result.meta.forkCost ?? "zero",
    });
    const storeMs = performance.now() - t0 - gzipMs;
    deps.logger.info(
      { reportId, bytes, gzipMs: Math.round(gzipMs), storeMs: Math.round(storeMs) },
      "tax report stored",
    );
    await events.publish(reportId);
  } catch (err) {
    if (err instanceof NoWalletsError) throw new PermanentReportError("No wallets found");
    throw err;
  }
}
