/**
 * The report job's lifecycle without a chain: validation and ownership of /api/wallet-report, the
 * Premium gate, deletion seen over SSE, and a job that survives a crash of its server: the next
 * process on the same database (PGlite data directory or PostgreSQL) takes it up and finishes it.
 * The explorers are local fakes that answer "No transactions found" (or hold requests, to keep a job running).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { taxReportJobSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECENT_SYNC_MS } from "../src/chain/sync/history-sync.ts";
import { startEmbeddedDatabase } from "../src/db/engine.ts";
import { type Fake, startFake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { startBillingServer } from "./support/billing.ts";
import { HttpClient } from "./support/http-client.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "./support/test-database.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const DAY = 86_400_000;
const WALLET = "0x1111111111111111111111111111111111111111";
const NO_TXS = { status: "0", message: "No transactions found", result: [] };

let explorer: Fake;
/** While held, the explorer keeps every request waiting (a job stays "processing"); release answers them. */
let hold: { promise: Promise<void>; release: () => void } | undefined;
function holdExplorer(): void {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  hold = { promise, release };
}
function releaseExplorer(): void {
  hold?.release();
  hold = undefined;
}

function envFor(fake: Fake): Record<string, string> {
  return {
    PULSECHAIN_HISTORY_SOURCE: "blockscout",
    ETHEREUM_HISTORY_SOURCE: "blockscout",
    PULSECHAIN_BLOCKSCOUT_URL: `${fake.url}/api`,
    ETHEREUM_BLOCKSCOUT_URL: `${fake.url}/api`,
    DEFILLAMA_URL: "off",
    ECB_URL: "off",
    REPORT_STALE_SECONDS: "2",
    REPORT_RETRY_DELAY_SECONDS: "0",
  };
}

beforeAll(async () => {
  explorer = await startFake(async (req) => {
    if (hold) await hold.promise;
    // Blockscout's /api: the block number for the sync mark, and empty lists.
    if (req.query.get("action") === "eth_block_number") return { json: { jsonrpc: "2.0", id: 1, result: "0x64" } };
    return { json: NO_TXS };
  });
});
afterAll(async () => {
  await explorer?.close();
});

async function waitForJob(client: HttpClient, id: string, until: (status: string) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await client.get(`/api/wallet-report/${id}`);
    expect(res.status).toBe(200);
    const job = taxReportJobSchema.parse(res.json);
    if (until(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.status}: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("wallet-report API", () => {
  let t: TestServer;
  let me: HttpClient;
  beforeAll(async () => {
    t = await startTestServer({ env: envFor(explorer) });
    me = await confirmedUser(t, "jobs@example.de", "JobsPass1");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("validates the address and the tax year with the spec's range (2009 to this year + 2)", async () => {
    const year = new Date().getUTCFullYear();
    const cases: [unknown, string][] = [
      [{ walletAddress: "0x123", taxYear: 2024 }, "INVALID_WALLET_ADDRESS"],
      [{ walletAddress: `${WALLET}0`, taxYear: 2024 }, "INVALID_WALLET_ADDRESS"],
      [{ taxYear: 2024 }, "INVALID_WALLET_ADDRESS"],
      [{ walletAddress: WALLET, taxYear: 2008 }, "INVALID_TAX_YEAR"],
      [{ walletAddress: WALLET, taxYear: year + 3 }, "INVALID_TAX_YEAR"],
      [{ walletAddress: WALLET, taxYear: 2024.5 }, "INVALID_TAX_YEAR"],
      [{ walletAddress: WALLET }, "INVALID_TAX_YEAR"],
    ];
    for (const [body, code] of cases) {
      for (const path of ["/api/wallet-report", "/api/wallet-report-direct"]) {
        const res = await me.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json.error.code, `${path} ${JSON.stringify(body)}`).toBe(code);
      }
    }
    const bad = await me.post("/api/wallet-report", "not json");
    expect(bad.status).toBe(400);
    const edge = await me.post("/api/wallet-report", { walletAddress: WALLET, taxYear: year + 2 });
    expect(edge.status).toBe(202);
    await waitForJob(me, edge.json.jobId, (s) => s === "completed", 80_000);
    // The wallet's history was read for this report: it names no earlier read.
    const first = await me.get(`/api/wallet-report/${edge.json.jobId}/result`);
    expect(first.json.meta.historyReadAt).toBeUndefined();
    // The first report of the file also starts the queue's workers: slow on a busy machine.
  }, 90_000);

  it("needs a session; another user's job is not found; an empty history completes with no rows", async () => {
    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.post("/api/wallet-report", { walletAddress: WALLET, taxYear: 2024 })).status).toBe(401);
    expect((await anonymous.get("/api/wallet-report")).status).toBe(401);

    const start = await me.post("/api/wallet-report", { walletAddress: WALLET, taxYear: 2024 });
    const id = start.json.jobId as string;
    const job = await waitForJob(me, id, (s) => s === "completed");
    expect(job).toMatchObject({ address: WALLET, year: 2024, scope: "address", error: null });
    expect(job.summary?.total).toBe(0);
    const result = await me.get(`/api/wallet-report/${id}/result`);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ address: WALLET, year: 2024, transactions: [] });
    // Read completely by the report before, moments ago: not asked again, and the report says since when.
    const readAt = Date.parse(result.json.meta.historyReadAt);
    expect(Date.now() - readAt).toBeGreaterThanOrEqual(0);
    expect(Date.now() - readAt).toBeLessThan(RECENT_SYNC_MS);
    expect((await me.get("/api/wallet-report")).json.jobs.map((j: { id: string }) => j.id)).toContain(id);

    const other = await confirmedUser(t, "other@example.de", "OtherPass1");
    expect((await other.get(`/api/wallet-report/${id}`)).status).toBe(404);
    expect((await other.get(`/api/wallet-report/${id}/result`)).status).toBe(404);
    expect((await other.get(`/api/wallet-report/${id}/events`)).status).toBe(404);
    expect((await other.delete(`/api/wallet-report/${id}`)).status).toBe(404);
    expect((await other.get("/api/wallet-report")).json.jobs).toEqual([]);
  });

  it("keeps the newest 10 finished reports per user; the data export lists the user's reports", async () => {
    const user = await confirmedUser(t, "many@example.de", "ManyPass1");
    const userId = (await user.get("/api/me")).json.user.id as string;
    const { store } = t.running.reports;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const row = await store.create({ userId, scope: "address", address: WALLET, year: 2024 });
      t.clock.advance(1000);
      await store.fail(row.id, "test");
      ids.push(row.id);
    }
    const running = await store.create({ userId, scope: "address", address: WALLET, year: 2023 });
    await store.prune(10);
    const left = (await user.get("/api/wallet-report")).json.jobs.map((j: { id: string }) => j.id);
    // The running one stays; of the finished ones the 9 newest besides it (10 rows by time in all).
    expect(left).toContain(running.id);
    expect(left).not.toContain(ids[0]);
    expect(left).not.toContain(ids[1]);
    expect(left).not.toContain(ids[2]);
    expect(left).toContain(ids[11]);
    const exported = await user.get("/api/account/export");
    expect(exported.json.taxReports.map((j: { id: string }) => j.id)).toEqual(left);
    // Other users' reports are untouched.
    expect((await me.get("/api/wallet-report")).json.jobs.length).toBeGreaterThan(0);
  });

  it("a running job has no result yet (409); deleting it ends its event stream with 'deleted'", async () => {
    holdExplorer();
    try {
      // A wallet not read before (a recent read would not be asked again, and the job would not wait).
      const unread = "0x4444444444444444444444444444444444444444";
      const start = await me.post("/api/wallet-report", { walletAddress: unread, taxYear: 2024 });
      const id = start.json.jobId as string;
      await waitForJob(me, id, (s) => s === "processing");
      const early = await me.get(`/api/wallet-report/${id}/result`);
      expect(early.status).toBe(409);
      expect(early.json.error.code).toBe("REPORT_NOT_READY");

      const stream = await fetch(`${t.baseUrl}/api/wallet-report/${id}/events`, {
        headers: { cookie: me.cookieHeader() },
      });
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      let text = "";
      const read = async (until: RegExp) => {
        while (!until.test(text)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      };
      await read(/event: job/);
      expect(text).toMatch(/"status":"processing"/);
      expect((await me.delete(`/api/wallet-report/${id}`)).status).toBe(204);
      await read(/event: deleted/);
      expect(text).toMatch(/event: deleted/);
      await reader.cancel();
      expect((await me.get(`/api/wallet-report/${id}`)).status).toBe(404);
    } finally {
      releaseExplorer();
    }
  });
});

describe("a report job survives a crash of its server", () => {
  let database: TestDatabase;
  let dir: string | undefined;
  beforeAll(async () => {
    if (testEngine === "pglite") {
      dir = mkdtempSync(path.join(tmpdir(), "pm-report-restart-"));
      const data = dir;
      database = { handle: () => startEmbeddedDatabase(data), drop: async () => undefined };
    } else database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("processing when the process dies, continued and completed by the next process", async () => {
    holdExplorer();
    const first = await startTestServer({ database, env: envFor(explorer) });
    const me = await confirmedUser(first, "restart@example.de", "RestartPass1");
    const start = await me.post("/api/wallet-report", { walletAddress: WALLET, taxYear: 2024 });
    expect(start.status).toBe(202);
    const id = start.json.jobId as string;
    await waitForJob(me, id, (s) => s === "processing");
    await first.close({ graceful: false });

    releaseExplorer();
    const second = await startTestServer({ database, env: envFor(explorer) });
    try {
      const again = new HttpClient(second.baseUrl);
      const login = await again.post("/api/auth/sign-in/email", {
        email: "restart@example.de",
        password: "RestartPass1",
      });
      expect(login.status).toBe(200);
      const job = await waitForJob(again, id, (s) => s === "completed" || s === "failed");
      expect(job.status).toBe("completed");
      expect(job.processed_batches).toBe(job.total_batches);
      expect((await again.get(`/api/wallet-report/${id}/result`)).json.address).toBe(WALLET);
      const [row] = (await second.running.database.pool.query("select attempts from tax_reports where id = $1", [id]))
        .rows;
      expect(row.attempts).toBe(2);
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe("Premium gate", () => {
  it("a lapsed trial gets 403 PREMIUM_REQUIRED for every report call", async () => {
    const t = await startBillingServer();
    try {
      const user = await confirmedUser(t, "lapsed@example.de", "LapsedPass1");
      t.clock.advance(3 * DAY + 1000);
      for (const [method, path] of [
        ["POST", "/api/wallet-report"],
        ["POST", "/api/wallet-report-direct"],
        ["GET", "/api/wallet-report"],
      ] as const) {
        const res = await user.request(
          method,
          path,
          method === "POST" ? { walletAddress: WALLET, taxYear: 2024 } : undefined,
        );
        expect(res.status, path).toBe(403);
        expect(res.json.error.code).toBe("PREMIUM_REQUIRED");
      }
    } finally {
      await t.close();
    }
  });
});
