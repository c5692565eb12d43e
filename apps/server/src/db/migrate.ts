import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { DatabaseEngine } from "./engine.ts";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

// Any fixed 64-bit key; it only has to be the same in every process of this app.
const MIGRATION_LOCK_KEY = 8_369_001;

/**
 * Applies pending migrations. On PostgreSQL several processes may start at once,
 * so the first takes an advisory lock and the others wait, then find nothing to do.
 */
export async function applyMigrations(pool: pg.Pool, engine: DatabaseEngine): Promise<void> {
  const db = drizzle(pool);
  if (engine === "pglite") {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

export interface MigrationState {
  applied: number;
  expected: number;
  upToDate: boolean;
}

export async function readMigrationState(pool: pg.Pool): Promise<MigrationState> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  const expected = journal.entries.length;
  let applied = 0;
  try {
    const res = await pool.query<{ n: string }>("select count(*)::text as n from drizzle.__drizzle_migrations");
    applied = Number(res.rows[0]?.n ?? 0);
  } catch {
    applied = 0;
  }
  return { applied, expected, upToDate: applied >= expected };
}
