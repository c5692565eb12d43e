import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Fake, startFake } from "./providers/fake-http.ts";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

// Two API processes on one PostgreSQL (the embedded engine is one process by design),
// so this file runs only in the server-postgres project.
describe("two server instances on one PostgreSQL", () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Both start at once: the migration lock lets one migrate while the other waits.
    [a, b] = await Promise.all([startTestServer({ database: db }), startTestServer({ database: db })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it("a session made on one instance is valid on the other, and login limits are shared", async () => {
    const onA = await confirmedUser(a, "otto@example.de", "ottoPass1");
    const cookieClient = onA as unknown as { cookies: Map<string, string> };
    const onB = new HttpClient(b.baseUrl);
    (onB as unknown as { cookies: Map<string, string> }).cookies = new Map(cookieClient.cookies);
    const me = await onB.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe("otto@example.de");

    for (let i = 0; i < 10; i++) {
      const via = i % 2 === 0 ? a : b;
      const res = await new HttpClient(via.baseUrl).post("/api/auth/sign-in/email", {
        email: "otto@example.de",
        password: "wrongPass",
      });
      expect(res.status).toBe(401);
    }
    const blocked = await new HttpClient(b.baseUrl).post("/api/auth/sign-in/email", {
      email: "otto@example.de",
      password: "ottoPass1",
    });
    expect(blocked.status).toBe(429);
  });

  it("a sign-out on one instance ends the session on the other at once, though the other had just used it", async () => {
    const onA = await confirmedUser(a, "ines@example.de", "inesPass1");
    const onB = onA.copy(b.baseUrl);
    expect((await onB.get("/api/portfolio/history")).status).toBe(200);
    expect((await onA.post("/api/auth/sign-out", {})).status).toBe(200);
    // The NOTIFY travels through the database; give it the moment it takes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await onB.get("/api/portfolio/history")).status).toBe(401);
  });
});

describe("an API process and a worker process on one PostgreSQL", () => {
  let db: TestDatabase;
  let api: TestServer;
  let worker: TestServer;
  let explorer: Fake;
  // The explorer answers only once the test listens, so the stream sees the job running.
  let open = () => {};
  const listening = new Promise<void>((resolve) => {
    open = resolve;
  });

  beforeAll(async () => {
    explorer = await startFake(async () => {
      await listening;
      return { json: { status: "0", message: "No transactions found", result: [] } };
    });
    const env = {
      PULSECHAIN_BLOCKSCOUT_URL: `${explorer.url}/api`,
      ETHEREUM_BLOCKSCOUT_URL: `${explorer.url}/api`,
      DEFILLAMA_URL: "off",
      ECB_URL: "off",
    };
    db = await createTestDatabase();
    [api, worker] = await Promise.all([
      startTestServer({ database: db, env: { ...env, REPORT_WORKER: "false" } }),
      startTestServer({ database: db, env }),
    ]);
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await db?.drop();
    await explorer?.close();
  });

  it("a report queued on the API process is worked by the worker; its progress reaches the API's event stream", async () => {
    const me = await confirmedUser(api, "split@example.de", "SplitPass1");
    const start = await me.post("/api/wallet-report", {
      walletAddress: "0x2222222222222222222222222222222222222222",
      taxYear: 2024,
    });
    expect(start.status).toBe(202);
    const res = await fetch(`${api.baseUrl}/api/wallet-report/${start.json.jobId}/events`, {
      headers: { cookie: me.cookieHeader() },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    const deadline = Date.now() + 30_000;
    while (!/"status":"completed"/.test(text) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      if (/event: job/.test(text)) open();
    }
    await reader.cancel();
    // The API process has no worker: the changes came from the other process over NOTIFY.
    expect(text).toMatch(/"status":"processing"/);
    expect(text).toMatch(/"status":"completed"/);
  }, 60_000);
});
