import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/db/engine.ts";
import { applyMigrations, readMigrationState } from "../src/db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";

let t: TestDatabase;
let db: DatabaseHandle;
beforeAll(async () => {
  t = await createTestDatabase();
  db = await t.handle();
  await applyMigrations(db.pool, db.engine);
});
afterAll(async () => {
  await db?.close();
  await t?.drop();
});

describe("database engine", () => {
  it("a failed query does not break the queries after it", async () => {
    await expect(db.pool.query("select no_such_column from user_profiles where id = $1", ["x"])).rejects.toThrow(
      /no_such_column/,
    );
    for (let i = 0; i < 3; i++) expect((await db.pool.query("select 1 as ok")).rows).toEqual([{ ok: 1 }]);
  });

  it("a failed transaction rolls back and the connection stays usable", async () => {
    const client = await db.pool.connect();
    try {
      await client.query("begin");
      await client.query("insert into fx_rates (day, usd_per_eur) values ('2020-01-02', '1.1')");
      await expect(
        client.query("insert into fx_rates (day, usd_per_eur) values ('2020-01-02', '1.2')"),
      ).rejects.toThrow();
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect((await db.pool.query("select count(*)::int as n from fx_rates where day = '2020-01-02'")).rows[0].n).toBe(0);
  });

  it("migrations are applied once; running them again changes nothing", async () => {
    const before = await readMigrationState(db.pool);
    await applyMigrations(db.pool, db.engine);
    expect(await readMigrationState(db.pool)).toEqual(before);
    expect(before.upToDate).toBe(true);
  });
});
