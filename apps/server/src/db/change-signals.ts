import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../logger.ts";

/**
 * "Something changed" signals between server processes, keyed by a string (a report id, a user
 * id). In one process an emitter is enough (embedded PGlite serves one process); on PostgreSQL
 * every signal is a NOTIFY on the channel and every process LISTENs, so all processes hear it.
 */
export interface ChangeSignals {
  publish(key: string): Promise<void>;
  /** Calls `listener` on every signal for `key`; returns the unsubscribe function. */
  subscribe(key: string, listener: () => void): () => void;
  close(): Promise<void>;
}

class LocalSignals implements ChangeSignals {
  protected readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(key: string): Promise<void> {
    this.emitter.emit(key);
  }

  subscribe(key: string, listener: () => void): () => void {
    this.emitter.on(key, listener);
    return () => this.emitter.off(key, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

class PostgresSignals extends LocalSignals {
  private client: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  /** Opens the LISTEN connection; reconnects after a lost connection (listeners fall back to polling meanwhile). */
  async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (n) => {
      if (n.channel === this.channel && n.payload) this.emitter.emit(n.payload);
    });
    client.on("error", (err) => {
      this.logger.warn({ err, channel: this.channel }, "change signals: LISTEN connection lost");
      if (this.client === client) this.client = undefined;
      if (!this.closed) setTimeout(() => void this.listen().catch(() => undefined), 2000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
  }

  override async publish(key: string): Promise<void> {
    // Delivered back to this process too, through its own LISTEN connection.
    if (this.client) await this.pool.query("select pg_notify($1, $2)", [this.channel, key]);
    else this.emitter.emit(key);
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.client?.end().catch(() => undefined);
  }
}

export interface ChangeSignalsOptions {
  pool: pg.Pool;
  /** PostgreSQL only; undefined for the embedded database. */
  connectionString?: string;
  logger: Logger;
}

/** `channel` is a plain SQL identifier (letters and underscores). */
export async function createChangeSignals(channel: string, opts: ChangeSignalsOptions): Promise<ChangeSignals> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  if (!opts.connectionString) return new LocalSignals();
  const signals = new PostgresSignals(opts.pool, opts.connectionString, channel, opts.logger);
  await signals.listen();
  return signals;
}
