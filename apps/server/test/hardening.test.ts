import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { linkIn } from "./support/smtp-inbox.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

async function walletCount(client: HttpClient): Promise<number> {
  const list = await client.get("/api/wallet-management");
  return list.json.data.length;
}

describe("mutating routes accept only the app's own pages and JSON bodies", () => {
  it("refuses a foreign origin, a missing origin and a text/plain body; the wallet is not added", async () => {
    const me = await confirmedUser(t, "origin@example.de", "OriginPass1");
    const evil = { origin: "http://127.0.0.1:1" };
    const routes: [string, string, unknown][] = [
      ["POST", "/api/wallet-management", { address: WALLET, nickname: "x" }],
      ["DELETE", "/api/wallet-management", { id: "00000000-0000-0000-0000-000000000000" }],
      ["POST", "/api/wallet-report", { walletAddress: WALLET, taxYear: 2024 }],
      ["POST", "/api/portfolio/refresh", undefined],
      ["POST", "/api/account/delete", { password: "OriginPass1" }],
      ["POST", "/api/auth/change-password", { currentPassword: "OriginPass1", newPassword: "Other1234" }],
    ];
    for (const [method, path, body] of routes) {
      const foreign = await me.request(method, path, body, evil);
      expect(foreign.status, `${method} ${path}`).toBe(403);
      expect(foreign.json.error.code).toBe("INVALID_ORIGIN");
      expect(foreign.json.error.appUrl).toBe(t.baseUrl);
      const nullOrigin = await me.request(method, path, body, { origin: "null" });
      expect(nullOrigin.status, `${method} ${path} null origin`).toBe(403);
    }
    const plain = await me.request(
      "POST",
      "/api/wallet-management",
      JSON.stringify({ address: WALLET, nickname: "x" }),
      {
        "content-type": "text/plain",
      },
    );
    expect(plain.status).toBe(415);
    expect(plain.json.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const form = await me.request("POST", "/api/wallet-management", "address=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    expect(await walletCount(me)).toBe(0);
    expect((await me.get("/api/me")).status).toBe(200);
  });

  it("a same-origin request without an Origin header passes on Sec-Fetch-Site, one with neither does not", async () => {
    const me = await confirmedUser(t, "fetchsite@example.de", "FetchPass1");
    const raw = (headers: Record<string, string>) =>
      fetch(`${t.baseUrl}/api/wallet-management`, {
        method: "POST",
        headers: { cookie: me.cookieHeader(), "content-type": "application/json", ...headers },
        body: JSON.stringify({ address: WALLET, nickname: "Same origin" }),
      });
    expect((await raw({})).status).toBe(403);
    expect((await raw({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await raw({ "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect(await walletCount(me)).toBe(1);
  });
});

describe("control characters are refused centrally", () => {
  it("a NUL anywhere is a 400 with its own code, never a 500", async () => {
    const me = await confirmedUser(t, "nul@example.de", "NulPass12");
    const cases: [string, string, unknown][] = [
      ["POST", "/api/wallet-management", { address: WALLET, nickname: "Haupt\u0000wallet" }],
      ["POST", "/api/wallet-management", { address: WALLET, nickname: "bell\u0007" }],
      ["POST", "/api/wallet-report", { walletAddress: WALLET, taxYear: 2024, manualEntries: [{ token: "\u0000" }] }],
      ["GET", "/api/wallet-report/abc%00def", undefined],
      ["DELETE", "/api/wallet-report/%00", undefined],
      ["GET", "/api/portfolio?x=%00", undefined],
      ["POST", "/api/auth/sign-in/email", { email: "nul@example.de\u0000", password: "NulPass12" }],
      ["POST", "/api/account/delete", { password: "NulPass12\u0000" }],
    ];
    for (const [method, path, body] of cases) {
      const res = await me.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json.error.code).toBe("CONTROL_CHARACTERS");
    }
    // Escaped backslashes are text, and tabs and line breaks are allowed in text.
    const ok = await me.post("/api/wallet-management", { address: WALLET, nickname: "C:\\u0000 Haupt\tWallet" });
    expect(ok.status).toBe(200);
    expect((await me.get("/api/me")).status).toBe(200);
  });
});

describe("a session ends at once, whatever cookies a client keeps", () => {
  it("sign-out: the copied cookies are refused on the next request", async () => {
    const me = await confirmedUser(t, "signout@example.de", "SignOut12");
    const thief = me.copy();
    expect((await thief.get("/api/portfolio/history")).status).toBe(200);
    expect((await me.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await thief.get("/api/portfolio/history")).status).toBe(401);
    expect((await thief.get("/api/me")).status).toBe(401);
  });

  it("password change ends the other sessions; a reset ends all of them", async () => {
    const email = "change@example.de";
    const me = await confirmedUser(t, email, "Change123");
    const other = new HttpClient(t.baseUrl);
    expect((await other.post("/api/auth/sign-in/email", { email, password: "Change123" })).status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(200);
    const changed = await me.post("/api/auth/change-password", {
      currentPassword: "Change123",
      newPassword: "Change456",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await me.get("/api/me")).status).toBe(200);

    const kept = me.copy();
    const before = t.inbox?.countTo(email) ?? 0;
    expect((await new HttpClient(t.baseUrl).post("/api/auth/request-password-reset", { email })).status).toBe(200);
    const mail = await t.inbox?.waitFor(email, before + 1);
    const link = linkIn(mail?.text ?? "", /https?:\/\/\S+\/auth\/reset-password#access_token=[^&\s]+/);
    const token = decodeURIComponent(link.split("access_token=")[1] ?? "");
    const reset = await new HttpClient(t.baseUrl).post("/api/auth/reset-password", { token, newPassword: "Reset7890" });
    expect(reset.status).toBe(200);
    expect((await kept.get("/api/me")).status).toBe(401);
  });

  it("after deletion the old cookies get 401, never a 500", async () => {
    const me = await confirmedUser(t, "gone@example.de", "GonePass1");
    const kept = me.copy();
    expect((await kept.get("/api/wallet-management")).status).toBe(200);
    expect((await me.post("/api/account/delete", { password: "GonePass1" })).status).toBe(200);
    const add = await kept.post("/api/wallet-management", { address: WALLET, nickname: "After" });
    expect(add.status).toBe(401);
    expect(add.json.error.code).toBe("UNAUTHENTICATED");
  });

  it("a planted look-alike cookie beside the real one does not make the victim's requests run as the attacker", async () => {
    const attacker = await confirmedUser(t, "planter@example.de", "Planter12");
    const victim = await confirmedUser(t, "victim@example.de", "Victim123");
    // The attacker's own request: the server now remembers the attacker's session.
    expect((await attacker.get("/api/wallet-management")).status).toBe(200);
    const attackerValue = attacker.cookieHeader().split("better-auth.session_token=")[1] ?? "";
    const headers = {
      cookie: `x.better-auth.session_token=${attackerValue}; ${victim.cookieHeader()}`,
      origin: t.baseUrl,
      "content-type": "application/json",
    };
    const me = await fetch(`${t.baseUrl}/api/me`, { headers });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe("victim@example.de");
    const body = JSON.stringify({ address: WALLET, nickname: "Mine" });
    const add = await fetch(`${t.baseUrl}/api/wallet-management`, { method: "POST", headers, body });
    expect(add.status).toBe(200);
    expect(await walletCount(victim)).toBe(1);
    expect(await walletCount(attacker)).toBe(0);
  });
});

describe("password checks behind a session are limited like sign-in", () => {
  it("change-password and deletion share the account's ten attempts, then 429 with seconds", async () => {
    const email = "guess@example.de";
    const me = await confirmedUser(t, email, "GuessMe12");
    t.clock.startOfNextWindow(900);
    for (let i = 0; i < 5; i++) {
      const res = await me.post("/api/auth/change-password", {
        currentPassword: `wrong${i}xx`,
        newPassword: "NewPass12",
      });
      expect(res.status, `change ${i}`).toBe(400);
    }
    for (let i = 0; i < 5; i++) {
      const res = await me.post("/api/account/delete", { password: `wrong${i}yy` });
      expect(res.status, `delete ${i}`).toBe(400);
      expect(res.json.error.code).toBe("INVALID_PASSWORD");
    }
    for (const [path, body] of [
      ["/api/auth/change-password", { currentPassword: "GuessMe12", newPassword: "NewPass12" }],
      ["/api/account/delete", { password: "GuessMe12" }],
    ] as const) {
      const blocked = await me.post(path, body);
      expect(blocked.status, path).toBe(429);
      expect(blocked.json.error.code).toBe("TOO_MANY_REQUESTS");
      expect(blocked.json.error.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect((await me.get("/api/me")).status).toBe(200);
    // The window passes: the right password works again.
    t.clock.advance(16 * 60_000);
    const later = await me.post("/api/auth/change-password", {
      currentPassword: "GuessMe12",
      newPassword: "NewPass12",
    });
    expect(later.status).toBe(200);
  });
});

describe("behind a reverse proxy (TRUST_PROXY)", () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ env: { ...OFFLINE, TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it("rotating the client-written part of X-Forwarded-For does not escape the per-IP limit", async () => {
    // 51 sign-ins take seconds: they must not straddle a boundary of the login window (900 s by default).
    proxied.clock.startOfNextWindow(900);
    let firstBlocked = 0;
    for (let i = 1; i <= 60; i++) {
      // The client writes its own entries; the proxy appends the address it saw (here always the same).
      const res = await new HttpClient(proxied.baseUrl).post(
        "/api/auth/sign-in/email",
        { email: `victim${i}@example.de`, password: "guess123" },
        { "x-forwarded-for": `10.0.${i}.1, 203.0.113.7` },
      );
      if (res.status === 429) {
        firstBlocked = i;
        break;
      }
      expect(res.status).toBe(401);
    }
    expect(firstBlocked).toBe(51);
    // Another client behind the same proxy is not affected.
    const other = await new HttpClient(proxied.baseUrl).post(
      "/api/auth/sign-in/email",
      { email: "someone@example.de", password: "guess123" },
      { "x-forwarded-for": "203.0.113.8" },
    );
    expect(other.status).toBe(401);
  });
});

describe("the local outbox", () => {
  it("does not exist in production without SMTP, even for loopback callers through a proxy", async () => {
    const prod = await startTestServer({
      smtp: false,
      env: { ...OFFLINE, NODE_ENV: "production", TRUST_PROXY: "true", BETTER_AUTH_SECRET: "p".repeat(40) },
    });
    try {
      const client = new HttpClient(prod.baseUrl);
      const reset = await client.post("/api/auth/request-password-reset", { email: "victim@example.de" });
      expect(reset.status).toBe(200);
      const viaProxy = await client.get("/api/dev/outbox", { "x-forwarded-for": "127.0.0.1" });
      expect(viaProxy.status).toBe(404);
      expect((await client.get("/api/dev/outbox")).status).toBe(404);
      expect((await client.get("/api/config")).json.mailOutbox).toBe(false);
      const rows = await prod.running.database.pool.query("select count(*)::int as n from mail_outbox");
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await prod.close();
    }
  });

  it("outside production it answers loopback callers, but not requests that came through a proxy", async () => {
    const dev = await startTestServer({ smtp: false, env: OFFLINE });
    try {
      const client = new HttpClient(dev.baseUrl);
      expect((await client.get("/api/dev/outbox")).status).toBe(200);
      for (const proxyHeader of ["x-forwarded-for", "x-real-ip", "forwarded", "x-forwarded-host"]) {
        const viaProxy = await client.get("/api/dev/outbox", { [proxyHeader]: "127.0.0.1" });
        expect(viaProxy.status, proxyHeader).toBe(404);
      }
      expect((await client.get("/api/config")).json.mailOutbox).toBe(true);
    } finally {
      await dev.close();
    }
  });
});

describe("in development the app is reachable under every loopback name", () => {
  it("sign-up and login work from http://127.0.0.1:PORT when APP_URL says localhost", async () => {
    const dev = await startTestServer({ env: { ...OFFLINE, NODE_ENV: "development" }, appUrlHost: "localhost" });
    try {
      const viaIp = new HttpClient(dev.baseUrl);
      const reg = await viaIp.post("/api/auth/sign-up/email", { email: "ip@example.de", password: "IpPass123" });
      expect(reg.status).toBe(200);
      const login = await viaIp.post("/api/auth/sign-in/email", { email: "ip@example.de", password: "IpPass123" });
      expect(login.json.error.code).toBe("EMAIL_NOT_VERIFIED");
      const viaLocalhost = new HttpClient(dev.baseUrl.replace("127.0.0.1", "localhost"));
      expect(
        (await viaLocalhost.post("/api/auth/sign-in/email", { email: "x@example.de", password: "x12345" })).status,
      ).toBe(401);
      const foreign = await viaIp.post(
        "/api/auth/sign-in/email",
        { email: "x@example.de", password: "x12345" },
        {
          origin: "http://127.0.0.1:1",
        },
      );
      expect(foreign.status).toBe(403);
      expect(foreign.json.error.appUrl).toMatch(/^http:\/\/localhost:\d+$/);
    } finally {
      await dev.close();
    }
  });
});
