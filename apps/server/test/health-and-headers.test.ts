import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { testEngine } from "./support/test-database.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const HEALTH_TOKEN = "monitor-token-0123456789";
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ smtp: false, env: { HEALTH_TOKEN: HEALTH_TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

describe("health, config and security headers", () => {
  it("reports the engine, the migration state and the version", async () => {
    const res = await new HttpClient(t.baseUrl).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.json.database.engine).toBe(testEngine === "postgres" ? "postgresql" : "pglite");
    expect(res.json.database.migrations.upToDate).toBe(true);
    expect(res.json.database.migrations.applied).toBeGreaterThan(0);
    expect(res.json.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("tells callers from elsewhere only its status; the monitor's token shows the details", async () => {
    const client = new HttpClient(t.baseUrl);
    const proxyHeaders: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { "x-real-ip": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
    ];
    for (const proxyHeader of proxyHeaders) {
      const res = await client.get("/api/health", proxyHeader);
      expect(res.status).toBe(200);
      expect(res.json, JSON.stringify(proxyHeader)).toEqual({ status: "ok" });
    }
    const wrong = await client.get("/api/health", { "x-real-ip": "203.0.113.9", authorization: "Bearer guessed" });
    expect(wrong.json).toEqual({ status: "ok" });
    const monitor = await client.get("/api/health", {
      "x-real-ip": "203.0.113.9",
      authorization: `Bearer ${HEALTH_TOKEN}`,
    });
    expect(monitor.json.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(monitor.json.database.migrations.upToDate).toBe(true);
  });

  it("sends a CSP without inline scripts and forbids framing", async () => {
    const res = await new HttpClient(t.baseUrl).get("/api/health");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // HSTS only in production.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("without SMTP the mail lands in the local outbox, readable from loopback", async () => {
    const client = new HttpClient(t.baseUrl, "en");
    const cfg = await client.get("/api/config");
    expect(cfg.json).toMatchObject({ mailOutbox: true, edition: "community" });
    await client.post("/api/auth/sign-up/email", { email: "nora@example.com", password: "noraPass1" });
    const outbox = await client.get("/api/dev/outbox");
    expect(outbox.status).toBe(200);
    const mail = outbox.json.mails.find((m: { to: string }) => m.to === "nora@example.com");
    expect(mail.subject).toBe("Confirm your e-mail address for PulseManager");
    expect(mail.text).toMatch(/\/auth\/callback\?token=/);
  });
});
