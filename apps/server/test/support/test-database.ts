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
  const created = await createPostgresDatabase(base, "pm_test");
  return { url: created.url, handle: () => connectPostgres(created.url, 5), drop: created.drop };
}

/** A new, empty database named `prefix` + random on the PostgreSQL server of `base`; drop() removes it. */
export async function createPostgresDatabase(
  base: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
