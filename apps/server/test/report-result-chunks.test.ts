/**
 * A completed report's result is stored in pieces (tax_report_result_chunks) and read back byte for byte
 * in order; a report stored before the pieces existed (result column) still reads as it was stored.
 */
import { randomBytes } from "node:crypto";
import type { TaxSummary } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taxReportResultChunks, taxReports, user } from "../src/db/schema.ts";
import { RESULT_CHUNK_BYTES, ReportStore } from "../src/tax-report/report-store.ts";
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
const summary = { total: 0 } as unknown as TaxSummary;

async function chunkCount(id: string): Promise<number> {
  return (await m.db.select().from(taxReportResultChunks).where(eq(taxReportResultChunks.reportId, id))).length;
}

describe("the stored report result", () => {
  it("a result of several pieces reads back byte for byte, also as the user's newest report", async () => {
    const { id } = await store.create(report);
    const body = randomBytes(RESULT_CHUNK_BYTES * 2 + 12_345);
    await store.complete(id, summary, body);
    expect(await chunkCount(id)).toBe(3);
    expect((await store.result(id, "u1"))?.equals(body)).toBe(true);
    expect((await store.newestCompletedAll("u1", 2024))?.result.equals(body)).toBe(true);
    expect((await store.get(id))?.resultBytes).toBe(body.length);
  });

  it("completing again replaces the pieces (no piece of the earlier result is left)", async () => {
    const { id } = await store.create(report);
    await store.complete(id, summary, randomBytes(RESULT_CHUNK_BYTES * 3));
    const body = randomBytes(100);
    await store.complete(id, summary, body);
    expect(await chunkCount(id)).toBe(1);
    expect((await store.result(id, "u1"))?.equals(body)).toBe(true);
  });

  it("a report stored in the result column (before the pieces) reads as it was stored", async () => {
    const { id } = await store.create({ ...report, year: 2023 });
    const body = randomBytes(5000);
    await m.db
      .update(taxReports)
      .set({ status: "completed", result: body, resultBytes: body.length })
      .where(eq(taxReports.id, id));
    expect((await store.result(id, "u1"))?.equals(body)).toBe(true);
    expect((await store.newestCompletedAll("u1", 2023))?.result.equals(body)).toBe(true);
  });

  it("deleting the report deletes its pieces; a report not completed has no result yet", async () => {
    const { id } = await store.create(report);
    await store.complete(id, summary, randomBytes(10));
    await store.delete(id, "u1");
    expect(await chunkCount(id)).toBe(0);
    const open = await store.create(report);
    expect(await store.result(open.id, "u1")).toBeNull();
  });

  it("a report deleted while it ran completes into nothing: no piece stored, no error", async () => {
    const { id } = await store.create(report);
    await store.delete(id, "u1");
    await expect(store.complete(id, summary, randomBytes(RESULT_CHUNK_BYTES + 1))).resolves.toBeUndefined();
    expect(await chunkCount(id)).toBe(0);
  });

  it("a result written while it is made is stored as the same pieces as the whole result", async () => {
    const { id } = await store.create(report);
    const parts = [
      randomBytes(1000),
      randomBytes(RESULT_CHUNK_BYTES),
      randomBytes(RESULT_CHUNK_BYTES + 7),
      randomBytes(3),
    ];
    await store.complete(id, summary, async (write) => {
      for (const p of parts) {
        write(p);
        await new Promise((r) => setImmediate(r));
      }
    });
    const whole = Buffer.concat(parts);
    expect(await chunkCount(id)).toBe(Math.ceil(whole.length / RESULT_CHUNK_BYTES));
    expect((await store.result(id, "u1"))?.equals(whole)).toBe(true);
    expect((await store.get(id))?.resultBytes).toBe(whole.length);
  });

  it("a report deleted before its result is written does not make it", async () => {
    const { id } = await store.create(report);
    await store.delete(id, "u1");
    let made = false;
    await store.complete(id, summary, async () => {
      made = true;
    });
    expect(made).toBe(false);
    expect(await chunkCount(id)).toBe(0);
  });
});
