import { createDb, type Db } from "../../src/db/client.ts";
import { applyMigrations } from "../../src/db/migrate.ts";
import { createTestDatabase } from "./test-database.ts";

export interface MigratedDb {
  db: Db;
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
}

/** A fresh test database (PGlite, or PostgreSQL under TEST_DATABASE_URL) with every migration applied. */
export async function openMigratedDb(): Promise<MigratedDb> {
  const testDb = await createTestDatabase();
  const handle = await testDb.handle();
  await applyMigrations(handle.pool, handle.engine);
  return {
    db: createDb(handle.pool),
    async close() {
      await handle.close();
      await testDb.drop();
    },
  };
}
