import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { testEngine } from "./support/test-database.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ smtp: false });
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
