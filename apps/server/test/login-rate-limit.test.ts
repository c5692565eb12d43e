import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe("login attempts are limited", () => {
  it("after ten failed logins the account answers 'too many requests', even with the right password", async () => {
    const email = "hanna@example.de";
    await confirmedUser(t, email, "richtig1");
    t.clock.startOfNextWindow(900);
    const attacker = new HttpClient(t.baseUrl);
    for (let i = 1; i <= 10; i++) {
      const res = await attacker.post("/api/auth/sign-in/email", { email, password: `falsch${i}x` });
      expect(res.status, `attempt ${i}`).toBe(401);
      expect(res.json.error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    }
    const blocked = await attacker.post("/api/auth/sign-in/email", { email, password: "richtig1" });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.code).toBe("TOO_MANY_REQUESTS");
    expect(blocked.json.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    // The window passes: the owner gets in again.
    t.clock.advance(16 * 60_000);
    const later = await new HttpClient(t.baseUrl).post("/api/auth/sign-in/email", { email, password: "richtig1" });
    expect(later.status).toBe(200);
  });

  it("limits one IP across many accounts", async () => {
    t.clock.startOfNextWindow(900);
    const attacker = new HttpClient(t.baseUrl);
    let firstBlocked = 0;
    for (let i = 1; i <= 60; i++) {
      const res = await attacker.post("/api/auth/sign-in/email", {
        email: `victim${i}@example.de`,
        password: "guess123",
      });
      if (res.status === 429) {
        firstBlocked = i;
        break;
      }
      expect(res.status).toBe(401);
    }
    // 5 x the per-account limit per IP and window.
    expect(firstBlocked).toBe(51);
  });

  it("limits confirmation and reset mails per address", async () => {
    const client = new HttpClient(t.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await client.post("/api/auth/request-password-reset", { email: "spam-target@example.de" })).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
