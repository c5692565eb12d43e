import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
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
 * Embedded mode: PGlite in this process, served on a private Unix socket so the
 * app speaks the Postgres wire protocol through node-postgres, as in production.
 * PGlite is one session, so the pool holds exactly one connection; node-postgres
 * queues queries and a transaction owns the connection until it ends. The socket
 * accepts a few connections because pg-pool drops a connection after any failed
 * query and opens the next one while the old is still closing.
 */
export async function startEmbeddedDatabase(dataDir: string | "memory"): Promise<DatabaseHandle> {
  let db: PGlite;
  if (dataDir === "memory") {
    db = await PGlite.create();
  } else {
    const dir = path.resolve(dataDir, "pglite");
    await mkdir(dir, { recursive: true });
    db = await PGlite.create(dir);
  }
  const socketDir = await mkdtemp(path.join(tmpdir(), "pulsemanager-db-"));
  const port = 5432;
  const server = new PGLiteSocketServer({ db, path: path.join(socketDir, `.s.PGSQL.${port}`), maxConnections: 4 });
  await server.start();
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
      await server.stop();
      await db.close();
      await rm(socketDir, { recursive: true, force: true });
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
