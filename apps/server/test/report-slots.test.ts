/**
 * A user's open report slots (MAX_OPEN_REPORTS_PER_USER) hold only reports that are really waiting or
 * running: a report its user deleted stops at its next progress write, and a report that could not be
 * queued is marked failed, so neither keeps a slot nor lets work run past the limit.
 */
import { MAX_OPEN_REPORTS_PER_USER } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../src/db/schema.ts";
import { ReportStore } from "../src/tax-report/report-store.ts";
import { type MigratedDb, openMigratedDb } from "./support/migrated-db.ts";

let m: MigratedDb;
let store: ReportStore;
beforeAll(async () => {
  m = await openMigratedDb();
  store = new ReportStore(m.db, () => new Date());
  await m.db.insert(user).values({ id: "u1", name: "Ada", email: "ada@example.de" });
});
afterAll(async () => m?.close());

const report = { userId: "u1", scope: "all" as const, address: null, year: 2024 };

describe("a user's open report slots", () => {
  it("a deleted running report is told to stop at its next progress write", async () => {
    const created = await store.createUnlessBusy(report, MAX_OPEN_REPORTS_PER_USER);
    const id = created?.row.id as string;
    expect(await store.start(id, 10)).toBe(true);
    expect(await store.progress(id, { processed: 1 })).toBe(true);
    await store.delete(id, "u1");
    expect(await store.progress(id, { processed: 2 })).toBe(false);
  });

  it("a report marked failed (it could not be queued) frees its slot", async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_REPORTS_PER_USER; i++) {
      const created = await store.createUnlessBusy(report, MAX_OPEN_REPORTS_PER_USER);
      ids.push(created?.row.id as string);
    }
    expect(await store.createUnlessBusy(report, MAX_OPEN_REPORTS_PER_USER)).toBeNull();
    await store.fail(ids[0] as string, "could not be queued");
    expect(await store.createUnlessBusy(report, MAX_OPEN_REPORTS_PER_USER)).not.toBeNull();
  });
});
