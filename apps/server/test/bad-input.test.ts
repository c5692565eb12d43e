import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
let client: HttpClient;
beforeAll(async () => {
  t = await startTestServer();
  client = new HttpClient(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

describe("bad input gets a clear error, never a 500", () => {
  it.each([
    ["sign-up without @", "/api/auth/sign-up/email", { email: "kein-at.de", password: "abcdef" }, "INVALID_EMAIL"],
    ["sign-up short password", "/api/auth/sign-up/email", { email: "a@b.de", password: "abc" }, "PASSWORD_TOO_SHORT"],
    [
      "sign-up long password",
      "/api/auth/sign-up/email",
      { email: "a@b.de", password: "x".repeat(200) },
      "PASSWORD_TOO_LONG",
    ],
    ["sign-up missing fields", "/api/auth/sign-up/email", {}, "INVALID_EMAIL"],
    ["sign-in bad e-mail", "/api/auth/sign-in/email", { email: "x", password: "abcdef" }, "INVALID_EMAIL"],
    ["sign-in short password", "/api/auth/sign-in/email", { email: "a@b.de", password: "abc" }, "PASSWORD_TOO_SHORT"],
    ["sign-in wrong types", "/api/auth/sign-in/email", { email: 42, password: ["x"] }, "INVALID_EMAIL"],
    ["reset without token", "/api/auth/reset-password", { newPassword: "abcdef" }, "VALIDATION_ERROR"],
    ["resend bad e-mail", "/api/auth/send-verification-email", { email: "nope" }, "INVALID_EMAIL"],
  ])("%s", async (_name, path, body, code) => {
    const res = await client.post(path, body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(code);
    expect(typeof res.json.error.message).toBe("string");
  });

  it("non-JSON body", async () => {
    const res = await client.request("POST", "/api/auth/sign-in/email", "{not json", {
      "content-type": "application/json",
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("VALIDATION_ERROR");
  });

  it("unknown API paths answer a JSON 404", async () => {
    for (const path of ["/api/nope", "/api/auth/nope", "/api/account/nope"]) {
      const res = await client.get(path);
      expect([401, 404]).toContain(res.status);
      expect(res.json.error.code).toMatch(/NOT_FOUND|UNAUTHENTICATED/);
    }
    const plain = await client.get("/api/definitely-not-here");
    expect(plain.status).toBe(404);
    expect(plain.json).toEqual({ error: { code: "NOT_FOUND", message: "No API route GET /api/definitely-not-here" } });
  });

  it("signed-in endpoints answer 401 without a session", async () => {
    for (const [method, path] of [
      ["GET", "/api/me"],
      ["GET", "/api/account/export"],
      ["POST", "/api/account/delete"],
    ] as const) {
      const res = await client.request(method, path, method === "POST" ? { password: "x" } : undefined);
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("a forged session cookie is no session", async () => {
    const res = await client.get("/api/me", { cookie: "better-auth.session_token=forged.value" });
    expect(res.status).toBe(401);
  });

  // Last: the server closes the connection while the client still sends.
  it("an oversized body", async () => {
    const res = await client.post("/api/auth/sign-in/email", { email: "a@b.de", password: "x".repeat(400_000) });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("an oversized body closes its keep-alive connection, so no next request on it is read from the body's rest", async () => {
    const { hostname, port } = new URL(t.baseUrl);
    const socket = net.connect(Number(port), hostname);
    socket.on("error", () => undefined);
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    const body = JSON.stringify({ email: "a@b.de", password: "x".repeat(300_000) });
    socket.write(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${t.baseUrl}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body}`,
    );
    await expect.poll(() => received.includes("PAYLOAD_TOO_LARGE"), { timeout: 5_000 }).toBe(true);
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received.toLowerCase()).toContain("connection: close");
    expect(received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 413"]);
  });
});
