import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../logger.ts";

const CHANNEL = "tax_report";

/**
 * "Report row changed" signals for the live progress (Server-Sent Events). In one process an
 * emitter is enough (embedded PGlite serves one process); on PostgreSQL every change is a NOTIFY
 * and every process LISTENs, so a page connected to one process sees a job worked on by another.
 */
export interface ReportEvents {
  publish(reportId: string): Promise<void>;
  /** Calls `listener` on every change of the report; returns the unsubscribe function. */
  subscribe(reportId: string, listener: () => void): () => void;
  close(): Promise<void>;
}

class LocalReportEvents implements ReportEvents {
  protected readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(reportId: string): Promise<void> {
    this.emitter.emit(reportId);
  }

  subscribe(reportId: string, listener: () => void): () => void {
    this.emitter.on(reportId, listener);
    return () => this.emitter.off(reportId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

class PostgresReportEvents extends LocalReportEvents {
  private client: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  /** Opens the LISTEN connection; reconnects after a lost connection (progress falls back to polling meanwhile). */
  async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (n) => {
      if (n.channel === CHANNEL && n.payload) this.emitter.emit(n.payload);
    });
    client.on("error", (err) => {
      this.logger.warn({ err }, "report events: LISTEN connection lost");
      if (this.client === client) this.client = undefined;
      if (!this.closed) setTimeout(() => void this.listen().catch(() => undefined), 2000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  override async publish(reportId: string): Promise<void> {
    // Delivered back to this process too, through its own LISTEN connection.
    if (this.client) await this.pool.query("select pg_notify($1, $2)", [CHANNEL, reportId]);
    else this.emitter.emit(reportId);
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.client?.end().catch(() => undefined);
  }
}

export async function createReportEvents(opts: {
  pool: pg.Pool;
  /** PostgreSQL only; undefined for the embedded database. */
  connectionString?: string;
  logger: Logger;
}): Promise<ReportEvents> {
  if (!opts.connectionString) return new LocalReportEvents();
  const events = new PostgresReportEvents(opts.pool, opts.connectionString, opts.logger);
  await events.listen();
  return events;
}
