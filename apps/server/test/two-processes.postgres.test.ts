import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
