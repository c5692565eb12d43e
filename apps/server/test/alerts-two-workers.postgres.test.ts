/**
 * Two processes on one PostgreSQL run the same alert check at the same moment (a schedule's tick seen
 * twice, a retry beside the first attempt): each event is stored and mailed once. Runs only in the
 * server-postgres project (the embedded database serves one process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAlerts } from "../src/alerts/alert-runner.ts";
import { createDb } from "../src/db/client.ts";
import { watchlist } from "../src/db/schema.ts";
import { confirmedUser } from "./support/accounts.ts";
import { PLSX, priceRunDeps } from "./support/price-run.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const EMAIL = "two.workers@example.de";

describe("two workers running one alert check", () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    [a, b] = await Promise.all([startTestServer({ database: db }), startTestServer({ database: db })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  /** A worker's run on its own connections, with a market where PLSX rose 30 % in 24 hours. */
  const workerDeps = (server: TestServer) =>
    priceRunDeps(server, { priceUsd: "0.00003", change24h: "30" }, { at: () => new Date() });

  it("store the watchlist move once and send one mail", async () => {
    const user = await confirmedUser(a, EMAIL, "TwoWorkers1");
    const userId = (await user.get("/api/me")).json.user.id as string;
    await createDb(a.running.database.pool).insert(watchlist).values({ userId, chainId: 369, address: PLSX });
    const count = (server: TestServer) => server.inbox?.countTo(EMAIL) ?? 0;
    const before = { a: count(a), b: count(b) };

    const results = await Promise.all([runAlerts(workerDeps(a), "prices"), runAlerts(workerDeps(b), "prices")]);
    expect(results.reduce((n, r) => n + r.stored, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.mails, 0)).toBe(1);
    // The mail goes out through the mailer of the worker that sent it.
    const [sender, inboxBefore] = results[0]?.mails === 1 ? [a, before.a] : [b, before.b];
    const mail = await sender.inbox?.waitFor(EMAIL, inboxBefore + 1);
    expect(mail?.subject).toBe("PLSX +30 % in 24 Stunden");
    expect(count(a) + count(b)).toBe(before.a + before.b + 1);

    const list = (await user.get("/api/notifications")).json;
    expect(list.notifications.map((n: { facts: { kind: string } }) => n.facts.kind)).toEqual(["watchlist"]);
    // The next tick the same day: nothing new.
    expect(await runAlerts(workerDeps(b), "prices")).toMatchObject({ stored: 0, mails: 0 });
  });
});
