import { randomBytes } from "node:crypto";
import pg from "pg";
import { connectPostgres, type DatabaseHandle, startEmbeddedDatabase } from "../../src/db/engine.ts";

export const testEngine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";

export interface TestDatabase {
  handle(): Promise<DatabaseHandle>;
  /** Connection string of the shared database (PostgreSQL only), for a second process. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database per test file: in-memory PGlite, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === "pglite") {
    return { handle: () => startEmbeddedDatabase("memory"), drop: async () => undefined };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `pm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    handle: () => connectPostgres(url.toString(), 5),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
