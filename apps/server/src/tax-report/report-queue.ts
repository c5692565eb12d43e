import { MAX_OPEN_REPORTS_PER_USER } from "@pulsemanager/core";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { DatabaseEngine } from "../db/engine.ts";
import type { Logger } from "../logger.ts";
import { ARCHIVE_CRON, ARCHIVE_TIME_ZONE, ARCHIVES_KEPT, archivePeriod } from "./archive-period.ts";
import type { ReportEvents } from "./report-events.ts";
import { PermanentReportError, ReportNoLongerOursError } from "./report-job.ts";
import type { ReportStore } from "./report-store.ts";

export const REPORT_QUEUE = "tax-report";
/** The monthly archive's schedule fires a job here (archive-period.ts). */
export const ARCHIVE_QUEUE = "tax-report-archive";

export interface ReportQueueOptions {
  pool: pg.Pool;
  engine: DatabaseEngine;
  logger: Logger;
  store: ReportStore;
  events: ReportEvents;
  /** Works one report; throws to have pg-boss retry it. */
  run: (reportId: string) => Promise<void>;
  /** Work jobs in this process (an API-only process leaves them to `npm run worker`). */
  worker: boolean;
  /** A processing report without a heartbeat for this long has lost its worker and is queued again. */
  staleMs: number;
  /** How often to look for such reports. */
  reapEveryMs: number;
  /** Seconds before a failed attempt runs again. */
  retryDelaySeconds: number;
  now: () => Date;
  /** Whether a user's plan includes the report (the monthly archive makes none for a lapsed plan). */
  hasFullAccess: (userId: string) => Promise<boolean>;
}

// Any fixed 64-bit key, the same in every process of this app (the migrations use another).
const QUEUE_SETUP_LOCK_KEY = 8_369_002;

/**
 * Processes starting at once on one PostgreSQL would set up pg-boss's schema and queue together and
 * deadlock: the first takes an advisory lock, the others wait for it. The embedded database serves
 * one process (and its pool has one connection, which the lock would hold).
 */
async function oneAtATime(opts: ReportQueueOptions, setup: () => Promise<void>): Promise<void> {
  if (opts.engine === "pglite") return setup();
  const lock = await opts.pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [QUEUE_SETUP_LOCK_KEY]);
    await setup();
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [QUEUE_SETUP_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

interface ReportJobData {
  reportId: string;
}

const RETRY_LIMIT = 3;
/** Finished reports kept per user (the page lists 10). */
const KEEP_PER_USER = 10;

/**
 * The report jobs on pg-boss, in the app's own database (PGlite or PostgreSQL) through the app's
 * pool. A job survives a restart: pg-boss keeps it, and a report whose worker died (no heartbeat)
 * is handed back to the queue, where the next worker continues it.
 */
export class ReportQueue {
  private reaper: NodeJS.Timeout | undefined;
  private workerId: string | undefined;
  /** After stop: a job cut off by a non-graceful stop must not reach the closed pool. */
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly opts: ReportQueueOptions,
  ) {}

  static async start(opts: ReportQueueOptions): Promise<ReportQueue> {
    let queue: ReportQueue | undefined;
    const boss = new PgBoss({
      db: {
        // Stopped like a crash, the queue goes quiet: the cut-off job is taken up by the next start.
        executeSql: (text, values) => (queue?.stopped ? new Promise<never>(() => {}) : opts.pool.query(text, values)),
      },
      // Maintenance (expiry, archiving) every few minutes is plenty for a handful of report jobs.
      maintenanceIntervalSeconds: 300,
    });
    boss.on("error", (err) => opts.logger.warn({ err }, "report queue"));
    await oneAtATime(opts, async () => {
      await boss.start();
      await boss.createQueue(REPORT_QUEUE, {
        name: REPORT_QUEUE,
        retryLimit: RETRY_LIMIT,
        retryDelay: opts.retryDelaySeconds,
        expireInSeconds: 3600,
      });
      await boss.createQueue(ARCHIVE_QUEUE, { name: ARCHIVE_QUEUE, retryLimit: RETRY_LIMIT, expireInSeconds: 600 });
      // One schedule by name, kept by pg-boss in the database: a restart or a second process keeps it as it is.
      await boss.schedule(ARCHIVE_QUEUE, ARCHIVE_CRON, {}, { tz: ARCHIVE_TIME_ZONE });
    });
    queue = new ReportQueue(boss, opts);
    const started = queue;
    if (opts.worker) {
      queue.workerId = await boss.work<ReportJobData>(
        REPORT_QUEUE,
        { pollingIntervalSeconds: 1, batchSize: 1, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) await started.work(job);
        },
      );
      await boss.work(ARCHIVE_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
        await started.runArchive();
      });
    }
    // With the embedded database this is the only process: a report still "processing" was cut off.
    await started.reap(opts.engine === "pglite" ? 0 : opts.staleMs);
    started.reaper = setInterval(() => {
      void started.reap(opts.staleMs).catch(() => undefined);
      void opts.store.prune(KEEP_PER_USER).catch(() => undefined);
      void opts.store.pruneArchives(ARCHIVES_KEPT).catch(() => undefined);
    }, opts.reapEveryMs);
    started.reaper.unref();
    return started;
  }

  private async work(job: PgBoss.JobWithMetadata<ReportJobData>): Promise<void> {
    const { store, events, logger } = this.opts;
    const { reportId } = job.data;
    try {
      await this.opts.run(reportId);
    } catch (err) {
      if (err instanceof ReportNoLongerOursError) return;
      const permanent = err instanceof PermanentReportError;
      const last = job.retryCount >= job.retryLimit;
      logger.warn({ err, reportId, attempt: job.retryCount + 1, permanent }, "tax report attempt failed");
      if (!permanent && !last) {
        await store.requeue(reportId);
        await events.publish(reportId);
        // pg-boss keeps the error as JSON: its message only (a failed query's error carries its parameters,
        // which may be binary and which the database refuses as JSON text).
        throw new Error(retryNote(err));
      }
      await store.fail(reportId, permanent ? (err as Error).message : "Job failed");
      await events.publish(reportId);
    }
  }

  /**
   * The monthly archive (the schedule's job): this month's report of the year for every user who turned
   * it on and whose plan includes the report, queued like a report of their own. The store makes one per user and month, so a second run
   * (another worker, a retry) queues nothing. Answers how many were queued.
   */
  async runArchive(): Promise<number> {
    const { store, logger } = this.opts;
    const { month, year } = archivePeriod(this.opts.now());
    const users: string[] = [];
    for (const userId of await store.archiveUsers()) if (await this.opts.hasFullAccess(userId)) users.push(userId);
    const ids = await store.createArchives(month, year, users);
    for (const id of ids) await this.enqueue(id);
    if (ids.length > 0) logger.info({ month, year, reports: ids.length }, "monthly report archive queued");
    return ids.length;
  }

  /**
   * `userBacklog`: the user's reports already waiting or running. Workers take the highest priority first,
   * so a user's first report ranks before another user's second or third: one user's backlog does not
   * delay everyone else's reports.
   */
  async enqueue(reportId: string, userBacklog = 0): Promise<void> {
    const priority = Math.max(0, MAX_OPEN_REPORTS_PER_USER - userBacklog);
    const id = await this.boss.send(REPORT_QUEUE, { reportId } satisfies ReportJobData, { priority });
    if (id) await this.opts.store.setBossJob(reportId, id);
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }

  /** Reports whose worker stopped reporting go back to the queue (their pg-boss job is failed into a retry). */
  async reap(staleMs: number): Promise<void> {
    const { store, events, logger } = this.opts;
    for (const row of await store.stale(staleMs)) {
      logger.warn({ reportId: row.id }, "tax report lost its worker: queued again");
      await store.requeue(row.id);
      if (row.bossJobId) {
        await this.boss.fail(REPORT_QUEUE, row.bossJobId, { message: "worker lost" });
        const job = await this.boss.getJobById(REPORT_QUEUE, row.bossJobId);
        // Out of attempts (or gone): the report fails visibly instead of waiting forever.
        if (!job || job.state === "failed") await store.fail(row.id, "Job failed");
        else if (this.workerId) this.boss.notifyWorker(this.workerId);
      } else await this.enqueue(row.id);
      await events.publish(row.id);
    }
  }

  /**
   * Another scheduled job on the same pg-boss (the alerts' checks): its queue and its cron schedule,
   * kept in the database by name (a restart or a second process keeps one schedule); worked here only
   * in a worker process. pg-boss fires one job per tick whatever the number of processes.
   */
  async schedule(queue: string, cron: string, tz: string, work: () => Promise<unknown>): Promise<void> {
    await oneAtATime(this.opts, async () => {
      // A daily run goes user by user through their histories: it may take long, and must not run twice at once.
      await this.boss.createQueue(queue, { name: queue, retryLimit: 1, expireInSeconds: 6 * 3600 });
      await this.boss.schedule(queue, cron, {}, { tz });
    });
    if (this.opts.worker) await this.boss.work(queue, { pollingIntervalSeconds: 30 }, async () => void (await work()));
  }

  /** graceful: finish the running job first (a deploy); otherwise leave it to the next start (a crash). */
  async stop(graceful = true): Promise<void> {
    clearInterval(this.reaper);
    await this.boss.stop({ graceful, wait: true, timeout: graceful ? 30_000 : 1, close: false });
    this.stopped = true;
  }
}

/** A failed attempt's message as pg-boss keeps it: the first line, printable characters only, at most 500. */
function retryNote(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return (message.split("\n")[0] ?? "").replace(/[\u0000-\u001f\u007f-\u009f\ufffd]/g, "").slice(0, 500);
}
