import { randomUUID } from "node:crypto";
import type { SimpleEvent, TaxReportJob, TaxReportStep, TaxSummary } from "@pulsemanager/core";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { taxReportResultChunks, taxReports, userSettings } from "../db/schema.ts";
import { type Tx, withUserLock } from "../db/user-lock.ts";

type Row = typeof taxReports.$inferSelect;

/**
 * The stored result's piece size: half a megabyte keeps every statement small (the embedded database's
 * socket copies a message once per incoming packet, so one 10 MB value costs quadratic time).
 */
export const RESULT_CHUNK_BYTES = 512 * 1024;

/** Makes a result, handing its bytes to `write` in order as they are ready. */
export type ResultWriter = (write: (bytes: Buffer) => void) => Promise<void>;

/**
 * Stores what `make` writes as pieces of RESULT_CHUNK_BYTES, each inserted as soon as it is full while
 * `make` goes on; answers the number of bytes.
 */
async function storePieces(tx: Tx, reportId: string, make: ResultWriter): Promise<number> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let total = 0;
  let seq = 0;
  let stored: Promise<unknown> = Promise.resolve();
  const insert = (data: Buffer) => {
    const piece = { reportId, seq: seq++, data };
    stored = stored.then(() => tx.insert(taxReportResultChunks).values(piece));
    // Seen by the caller's await below; marked handled so a failing insert is not reported twice.
    stored.catch(() => {});
  };
  await make((bytes) => {
    total += bytes.length;
    held.push(bytes);
    heldBytes += bytes.length;
    if (heldBytes < RESULT_CHUNK_BYTES) return;
    let all = Buffer.concat(held);
    for (; all.length >= RESULT_CHUNK_BYTES; all = all.subarray(RESULT_CHUNK_BYTES))
      insert(all.subarray(0, RESULT_CHUNK_BYTES));
    held = all.length > 0 ? [all] : [];
    heldBytes = all.length;
  });
  if (heldBytes > 0) insert(Buffer.concat(held));
  await stored;
  return total;
}

/** What a report's figures depend on besides the chain: the user's declarations and fork cost setting. */
export interface ReportBasis {
  declarationsVersion: string;
  forkCost: string;
}

/**
 * A completed report made with other declarations or another fork cost method than the user's now.
 * A report from before both existed counts as made with none and with the default.
 */
export function isStale(r: Pick<Row, "status" | "declarationsVersion" | "forkCost">, now: ReportBasis): boolean {
  if (r.status !== "completed") return false;
  return (r.declarationsVersion ?? "") !== now.declarationsVersion || (r.forkCost ?? "zero") !== now.forkCost;
}

/** The tax_reports row as the API shows it (without the stored result); `basis` adds whether it is stale. */
export function toJob(r: Omit<Row, "result" | "manualEntries">, basis?: ReportBasis): TaxReportJob {
  return {
    ...(basis ? { stale: isStale(r, basis) } : {}),
    id: r.id,
    status: r.status as TaxReportJob["status"],
    step: (r.step as TaxReportStep | null) ?? null,
    processed_batches: r.processedBatches,
    total_batches: r.totalBatches,
    ...(r.syncLoaded === null ? {} : { sync_loaded: r.syncLoaded, sync_expected: r.syncExpected }),
    error: r.error,
    summary: (r.summary as TaxSummary | null) ?? null,
    scope: r.scope as TaxReportJob["scope"],
    address: r.address,
    year: r.year,
    ...(r.archiveMonth ? { archive_month: r.archiveMonth } : {}),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Every column but the (large) result. */
const jobColumns = {
  id: taxReports.id,
  userId: taxReports.userId,
  status: taxReports.status,
  step: taxReports.step,
  scope: taxReports.scope,
  address: taxReports.address,
  year: taxReports.year,
  processedBatches: taxReports.processedBatches,
  totalBatches: taxReports.totalBatches,
  syncLoaded: taxReports.syncLoaded,
  syncExpected: taxReports.syncExpected,
  error: taxReports.error,
  summary: taxReports.summary,
  resultBytes: taxReports.resultBytes,
  bossJobId: taxReports.bossJobId,
  attempts: taxReports.attempts,
  heartbeatAt: taxReports.heartbeatAt,
  declarationsVersion: taxReports.declarationsVersion,
  forkCost: taxReports.forkCost,
  archiveMonth: taxReports.archiveMonth,
  createdAt: taxReports.createdAt,
  updatedAt: taxReports.updatedAt,
};
export type JobRow = Omit<Row, "result" | "manualEntries">;

export interface NewReport {
  userId: string;
  scope: "address" | "all";
  address: string | null;
  year: number;
  manualEntries?: SimpleEvent[];
}

/** Reads and writes of tax_reports. Every change bumps updated_at (the page shows it). */
export class ReportStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async create(r: NewReport, db: Db | Tx = this.db): Promise<JobRow> {
    const at = this.now();
    const [row] = await db
      .insert(taxReports)
      .values({
        id: randomUUID(),
        userId: r.userId,
        status: "pending",
        scope: r.scope,
        address: r.address,
        year: r.year,
        manualEntries: r.manualEntries && r.manualEntries.length > 0 ? r.manualEntries : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning(jobColumns);
    return row as JobRow;
  }

  /**
   * Creates the report unless the user already has `maxOpen` waiting or running; `openBefore` is how many
   * they had (the queue ranks a user's later reports behind other users' first ones). Counted and inserted
   * under the user's lock, so parallel starts cannot pass the limit together.
   */
  async createUnlessBusy(r: NewReport, maxOpen: number): Promise<{ row: JobRow; openBefore: number } | null> {
    return withUserLock(this.db, r.userId, async (tx) => {
      const [open] = await tx
        .select({ n: count() })
        .from(taxReports)
        .where(and(eq(taxReports.userId, r.userId), inArray(taxReports.status, ["pending", "processing"])));
      const openBefore = open?.n ?? 0;
      if (openBefore >= maxOpen) return null;
      return { row: await this.create(r, tx), openBefore };
    });
  }

  async get(id: string, userId?: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select(jobColumns)
      .from(taxReports)
      .where(userId ? and(eq(taxReports.id, id), eq(taxReports.userId, userId)) : eq(taxReports.id, id));
    return row;
  }

  async manualEntries(id: string): Promise<SimpleEvent[]> {
    const [row] = await this.db.select({ m: taxReports.manualEntries }).from(taxReports).where(eq(taxReports.id, id));
    return (row?.m as SimpleEvent[] | null) ?? [];
  }

  /** The user's own reports (not the monthly archive), newest first. */
  async list(userId: string, limit = 10): Promise<JobRow[]> {
    return this.db
      .select(jobColumns)
      .from(taxReports)
      .where(and(eq(taxReports.userId, userId), isNull(taxReports.archiveMonth)))
      .orderBy(desc(taxReports.createdAt))
      .limit(limit);
  }

  /** The user's monthly archive, newest first. */
  async listArchives(userId: string): Promise<JobRow[]> {
    return this.db
      .select(jobColumns)
      .from(taxReports)
      .where(and(eq(taxReports.userId, userId), isNotNull(taxReports.archiveMonth)))
      .orderBy(desc(taxReports.archiveMonth));
  }

  /** The users who turned the monthly archive on. */
  async archiveUsers(): Promise<string[]> {
    const rows = await this.db
      .select({ id: userSettings.userId })
      .from(userSettings)
      .where(eq(userSettings.monthlyArchive, true));
    return rows.map((r) => r.id);
  }

  /**
   * The month's archive report of each of `userIds`: one per user and month (a unique index), so a
   * schedule run twice, or by two workers, makes no second one. Answers the ids of the reports made now.
   */
  async createArchives(month: string, year: number, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const at = this.now();
    const rows = await this.db.execute<{ id: string }>(sql`
      insert into tax_reports (id, user_id, status, scope, year, archive_month, created_at, updated_at)
      select gen_random_uuid()::text, user_id, 'pending', 'all', ${year}, ${month}, ${at}, ${at}
      from user_settings where user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      on conflict (user_id, archive_month) do nothing
      returning id`);
    return rows.rows.map((r) => r.id);
  }

  async setBossJob(id: string, bossJobId: string): Promise<void> {
    await this.db.update(taxReports).set({ bossJobId }).where(eq(taxReports.id, id));
  }

  /** A worker takes the job (again, after a restart): progress starts over, the attempt is counted. */
  async start(id: string, totalBatches: number): Promise<boolean> {
    const at = this.now();
    const rows = await this.db
      .update(taxReports)
      .set({
        status: "processing",
        step: "fetching_tx",
        processedBatches: 0,
        totalBatches,
        syncLoaded: null,
        syncExpected: null,
        error: null,
        attempts: sql`${taxReports.attempts} + 1`,
        heartbeatAt: at,
        updatedAt: at,
      })
      .where(and(eq(taxReports.id, id), sql`${taxReports.status} in ('pending', 'processing')`))
      .returning({ id: taxReports.id });
    return rows.length > 0;
  }

  /** False when the report is gone (deleted by its user): its worker stops. */
  async progress(
    id: string,
    p: { processed: number; total?: number; step?: TaxReportStep; sync?: { loaded: number; expected: number | null } },
  ): Promise<boolean> {
    const at = this.now();
    const updated = await this.db
      .update(taxReports)
      .set({
        processedBatches: p.processed,
        ...(p.sync ? { syncLoaded: p.sync.loaded, syncExpected: p.sync.expected } : {}),
        ...(p.total !== undefined ? { totalBatches: p.total } : {}),
        ...(p.step ? { step: p.step } : {}),
        heartbeatAt: at,
        updatedAt: at,
      })
      .where(and(eq(taxReports.id, id), eq(taxReports.status, "processing")))
      .returning({ id: taxReports.id });
    if (updated.length > 0) return true;
    // Not processing right now (the reaper may have put it back a moment ago) is no reason to stop.
    return (await this.get(id)) !== undefined;
  }

  /**
   * The finished report with what it was made with (`basis`: its result's meta). The result is stored in
   * pieces (tax_report_result_chunks) in the same transaction as the status, so a completed row always has
   * all of them. A `ResultWriter` writes the result while it is being made: each piece is stored while the
   * next is made (zlib compresses on its own thread, the database is written meanwhile), so storing adds
   * little to making. The row is locked first: a report deleted meanwhile stores nothing and its result
   * is not made.
   */
  async complete(id: string, summary: TaxSummary, result: Buffer | ResultWriter, basis?: ReportBasis): Promise<void> {
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const row = await tx.select({ id: taxReports.id }).from(taxReports).where(eq(taxReports.id, id)).for("update");
      if (row.length === 0) return;
      await tx.delete(taxReportResultChunks).where(eq(taxReportResultChunks.reportId, id));
      const resultBytes = await storePieces(
        tx,
        id,
        typeof result === "function" ? result : async (write) => write(result),
      );
      await tx
        .update(taxReports)
        .set({
          ...(basis ? { declarationsVersion: basis.declarationsVersion, forkCost: basis.forkCost } : {}),
          status: "completed",
          step: null,
          processedBatches: sql`${taxReports.totalBatches}`,
          syncLoaded: null,
          syncExpected: null,
          summary,
          result: null,
          resultBytes,
          error: null,
          heartbeatAt: at,
          updatedAt: at,
        })
        .where(eq(taxReports.id, id));
    });
  }

  /** A completed report's stored result: its pieces in order, or (made before they existed) the result column. */
  private async storedResult(id: string, inRow: Buffer | null): Promise<Buffer | null> {
    const chunks = await this.db
      .select({ data: taxReportResultChunks.data })
      .from(taxReportResultChunks)
      .where(eq(taxReportResultChunks.reportId, id))
      .orderBy(asc(taxReportResultChunks.seq));
    if (chunks.length === 0) return inRow;
    return Buffer.concat(chunks.map((c) => c.data));
  }

  async fail(id: string, error: string): Promise<void> {
    const at = this.now();
    await this.db
      .update(taxReports)
      .set({ status: "failed", step: null, error, updatedAt: at })
      .where(and(eq(taxReports.id, id), sql`${taxReports.status} <> 'completed'`));
  }

  /** Back to the queue after its worker was lost: it shows as pending until a worker takes it. */
  async requeue(id: string): Promise<void> {
    await this.db
      .update(taxReports)
      .set({ status: "pending", step: null, updatedAt: this.now() })
      .where(and(eq(taxReports.id, id), eq(taxReports.status, "processing")));
  }

  async result(id: string, userId: string): Promise<Buffer | null | undefined> {
    const [row] = await this.db
      .select({ result: taxReports.result, status: taxReports.status })
      .from(taxReports)
      .where(and(eq(taxReports.id, id), eq(taxReports.userId, userId)));
    if (!row) return undefined;
    return row.status === "completed" ? this.storedResult(id, row.result) : null;
  }

  /** The newest completed report over all the user's wallets for a year, with its stored result. */
  async newestCompletedAll(userId: string, year: number): Promise<(JobRow & { result: Buffer }) | undefined> {
    const [row] = await this.db
      .select({ ...jobColumns, result: taxReports.result })
      .from(taxReports)
      .where(
        and(
          eq(taxReports.userId, userId),
          eq(taxReports.scope, "all"),
          eq(taxReports.year, year),
          eq(taxReports.status, "completed"),
        ),
      )
      .orderBy(desc(taxReports.createdAt))
      .limit(1);
    if (!row) return undefined;
    const result = await this.storedResult(row.id, row.result);
    return result ? { ...row, result } : undefined;
  }

  async delete(id: string, userId: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .delete(taxReports)
      .where(and(eq(taxReports.id, id), eq(taxReports.userId, userId)))
      .returning(jobColumns);
    return row;
  }

  /**
   * Finished reports beyond the newest `keep` of a user are deleted (each holds its whole result):
   * the page lists the last 10; older ones can be made again at any time.
   */
  async prune(keep: number): Promise<number> {
    const rows = await this.db.execute<{ id: string }>(sql`
      delete from tax_reports where id in (
        select id from (
          select id, status, row_number() over (partition by user_id order by created_at desc) as n
          from tax_reports where archive_month is null
        ) ranked where n > ${keep} and status in ('completed', 'failed')
      ) returning id`);
    return rows.rowCount ?? 0;
  }

  /** Monthly archives beyond the newest `keep` months of a user are deleted. */
  async pruneArchives(keep: number): Promise<number> {
    const rows = await this.db.execute<{ id: string }>(sql`
      delete from tax_reports where id in (
        select id from (
          select id, row_number() over (partition by user_id order by archive_month desc) as n
          from tax_reports where archive_month is not null
        ) ranked where n > ${keep}
      ) returning id`);
    return rows.rowCount ?? 0;
  }

  /** Processing rows whose worker has not reported for longer than `staleMs`. */
  async stale(staleMs: number): Promise<JobRow[]> {
    return this.db
      .select(jobColumns)
      .from(taxReports)
      .where(
        and(eq(taxReports.status, "processing"), lt(taxReports.heartbeatAt, new Date(this.now().getTime() - staleMs))),
      );
  }
}
