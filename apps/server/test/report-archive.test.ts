/**
 * "Bericht monatlich sichern": the setting, the schedule pg-boss keeps (the first of each month, 03:00
 * in Berlin), the month's run that queues one all-wallets report per user who turned it on (and none
 * for the others), once per user and month even when it runs twice at once and, on PostgreSQL, on two
 * workers of the same database; the archive's list, and the newest 12 months kept.
 */
import { taxReportJobSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivePeriod } from "../src/tax-report/archive-period.ts";
import type { Fake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { startBillingServer } from "./support/billing.ts";
import type { HttpClient } from "./support/http-client.ts";
import { quietExplorerEnv, startQuietExplorer } from "./support/stored-history.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "./support/test-database.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const WALLET = "0x00000000000000000000000000000000000a0021";
const DAY = 86_400_000;

let explorer: Fake;
let database: TestDatabase;
let a: TestServer;
/** A second worker on the same PostgreSQL database (PGlite serves one process: there the first runs twice). */
let b: TestServer | undefined;
let anna: HttpClient;
let ben: HttpClient;

beforeAll(async () => {
  explorer = await startQuietExplorer();
  database = await createTestDatabase();
  const env = quietExplorerEnv(explorer);
  a = await startTestServer({ database, env });
  if (testEngine === "postgres") b = await startTestServer({ database, env });
  anna = await confirmedUser(a, "anna.archive@example.de", "AnnaArch1");
  ben = await confirmedUser(a, "ben.archive@example.de", "BenArch12");
  expect((await anna.post("/api/wallet-management", { address: WALLET, nickname: "Anna" })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.drop();
  await explorer?.close();
});

describe("the monthly archive", () => {
  it("is off until the user turns it on in the settings", async () => {
    expect((await anna.get("/api/settings")).json.monthlyArchive).toBe(false);
    const on = await anna.request("PUT", "/api/settings", { monthlyArchive: true });
    expect(on.status).toBe(200);
    expect(on.json.monthlyArchive).toBe(true);
    const bad = await anna.request("PUT", "/api/settings", { monthlyArchive: "ja" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("Bitte wähle, ob dein Bericht monatlich gesichert wird.");
  });

  it("runs on the first of each month at 03:00 in Berlin, on a schedule pg-boss keeps in the database", async () => {
    const { rows } = await a.running.database.pool.query<{ cron: string; timezone: string }>(
      "select cron, timezone from pgboss.schedule where name = 'tax-report-archive'",
    );
    expect(rows).toEqual([{ cron: "0 3 1 * *", timezone: "Europe/Berlin" }]);
  });

  it("covers the year of the month just ended: on 1 January the whole previous year", () => {
    expect(archivePeriod(new Date("2026-12-01T02:00:00Z"))).toEqual({ month: "2026-12", year: 2026 });
    expect(archivePeriod(new Date("2027-01-01T02:00:00Z"))).toEqual({ month: "2027-01", year: 2026 });
    // 23:30 UTC on 31 January is already 1 February in Berlin.
    expect(archivePeriod(new Date("2027-01-31T23:30:00Z"))).toEqual({ month: "2027-02", year: 2027 });
  });

  it("queues one report per user who turned it on, once per month however many workers run it", async () => {
    const queues = [a.running.reports.queue, (b ?? a).running.reports.queue];
    const queued = await Promise.all([queues[0]?.runArchive(), queues[1]?.runArchive(), queues[0]?.runArchive()]);
    expect(queued.reduce((sum, n) => (sum ?? 0) + (n ?? 0), 0)).toBe(1);
    const { month, year } = archivePeriod(a.clock.now());
    const list = await anna.get("/api/wallet-report-archive");
    expect(list.status).toBe(200);
    const archives = list.json.archives.map((j: unknown) => taxReportJobSchema.parse(j));
    expect(archives).toEqual([expect.objectContaining({ archive_month: month, year, scope: "all" })]);
    // Ben did not turn it on; Anna's own report list stays hers alone.
    expect((await ben.get("/api/wallet-report-archive")).json.archives).toEqual([]);
    expect((await anna.get("/api/wallet-report")).json.jobs).toEqual([]);
    // The archived report is made like any other and can be read like one.
    const id = archives[0]?.id as string;
    await expect
      .poll(async () => (await anna.get(`/api/wallet-report/${id}`)).json.status, { timeout: 60_000, interval: 200 })
      .toBe("completed");
    expect((await ben.get(`/api/wallet-report/${id}`)).status).toBe(404);
  }, 90_000);

  it("makes none for a user whose trial has lapsed (a paid plan is needed for the report)", async () => {
    const t = await startBillingServer();
    try {
      const lapsed = await confirmedUser(t, "lapsed.archive@example.de", "LapsedArch1");
      const alsoLapsed = await confirmedUser(t, "trial.archive@example.de", "TrialArch12");
      for (const client of [lapsed, alsoLapsed])
        expect((await client.request("PUT", "/api/settings", { monthlyArchive: true })).status).toBe(200);
      // A third user confirms two days later: when the archive runs, only their trial is still on.
      t.clock.advance(2 * DAY);
      const fresh = await confirmedUser(t, "fresh.archive@example.de", "FreshArch12");
      expect((await fresh.request("PUT", "/api/settings", { monthlyArchive: true })).status).toBe(200);
      t.clock.advance(1 * DAY + 1000);
      expect(await t.running.reports.queue.runArchive()).toBe(1);
      expect((await fresh.get("/api/wallet-report-archive")).json.archives).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("keeps the newest 12 months", async () => {
    const store = a.running.reports.store;
    for (let m = 1; m <= 13; m++) {
      const month = `2020-${String(m).padStart(2, "0")}`;
      await store.createArchives(m === 13 ? "2021-01" : month, 2020, await store.archiveUsers());
    }
    await store.pruneArchives(12);
    const months = (await anna.get("/api/wallet-report-archive")).json.archives.map(
      (j: { archive_month: string }) => j.archive_month,
    );
    expect(months).toHaveLength(12);
    expect(months).not.toContain("2020-01");
    expect(months).not.toContain("2020-02");
  });
});
