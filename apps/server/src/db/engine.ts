import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";

export type DatabaseEngine = "pglite" | "postgresql";

export interface DatabaseHandle {
  engine: DatabaseEngine;
  pool: pg.Pool;
  /** PostgreSQL: where to open extra connections (the LISTEN connection of the report progress). */
  connectionString?: string;
  close(): Promise<void>;
}

/**
 * Embedded mode: PGlite in a thread of its own (embedded-database-thread.mjs), served on a private
 * Unix socket so the app speaks the Postgres wire protocol through node-postgres, as in production.
 * PGlite is one session, so the pool holds exactly one connection; node-postgres queues queries and
 * a transaction owns the connection until it ends. The socket accepts a few connections because
 * pg-pool drops a connection after any failed query and opens the next one while the old is still
 * closing.
 */
export async function startEmbeddedDatabase(dataDir: string | "memory"): Promise<DatabaseHandle> {
  let dir: string | undefined;
  if (dataDir !== "memory") {
    dir = path.resolve(dataDir, "pglite");
    await mkdir(dir, { recursive: true });
  }
  const socketDir = await mkdtemp(path.join(tmpdir(), "pulsemanager-db-"));
  const port = 5432;
  const thread = await startDatabaseThread({
    dataDir: dir,
    socketPath: path.join(socketDir, `.s.PGSQL.${port}`),
    maxConnections: 4,
  });
  const pool = new pg.Pool({
    host: socketDir,
    port,
    user: "postgres",
    database: "postgres",
    max: 1,
    idleTimeoutMillis: 0,
  });
  pool.on("error", () => {
    /* a dropped idle connection is replaced on the next query */
  });
  return {
    engine: "pglite",
    pool,
    async close() {
      await pool.end();
      await thread.close();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

interface ThreadMessage {
  ready?: boolean;
  closed?: boolean;
  error?: string;
}

/**
 * Starts the database thread and waits until its socket listens. A thread that fails later (the
 * database is gone) ends the process with its error: every query after it would fail.
 */
async function startDatabaseThread(data: { dataDir: string | undefined; socketPath: string; maxConnections: number }) {
  const worker = new Worker(new URL("./embedded-database-thread.mjs", import.meta.url), { workerData: data });
  const first = await new Promise<ThreadMessage>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the embedded database thread ended (${code})`)));
  });
  if (!first.ready) {
    await worker.terminate();
    throw new Error(`the embedded database did not start: ${first.error}`);
  }
  for (const event of ["message", "error", "exit"]) worker.removeAllListeners(event);
  let closing = false;
  worker.on("error", (err) => {
    if (!closing) throw new Error("the embedded database failed", { cause: err });
  });
  // The app's own handles keep the process alive; the thread alone does not.
  worker.unref();
  return {
    async close() {
      closing = true;
      worker.ref();
      const closed = new Promise<ThreadMessage>((resolve) => worker.once("message", resolve));
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}

export async function connectPostgres(url: string, max = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {
    /* idle client errors are surfaced on the next query */
  });
  const client = await pool.connect();
  client.release();
  return {
    engine: "postgresql",
    pool,
    connectionString: url,
    async close() {
      await pool.end();
    },
  };
}
