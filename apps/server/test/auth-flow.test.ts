import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { linkIn } from "./support/smtp-inbox.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const DAY = 86_400_000;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

function inbox() {
  if (!t.inbox) throw new Error("SMTP inbox missing");
  return t.inbox;
}

async function registerAndConfirm(email: string, password: string, lang: "de" | "en" = "de") {
  const client = new HttpClient(t.baseUrl, lang);
  const reg = await client.post("/api/auth/sign-up/email", { email, password });
  expect(reg.status).toBe(200);
  const mail = await inbox().waitFor(email);
  const link = linkIn(mail.text, /http:\/\/127\.0\.0\.1:\d+\/auth\/callback\?token=[\w.-]+/);
  const token = new URL(link).searchParams.get("token") as string;
  const verified = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status).toBe(200);
  return client;
}

describe("register, confirm, log in, log out", () => {
  it("sends a German confirmation mail over SMTP whose link confirms and signs in", async () => {
    const email = "anna@example.de";
    const client = new HttpClient(t.baseUrl, "de");
    const reg = await client.post("/api/auth/sign-up/email", { email, password: "Sonne123!" });
    expect(reg.status).toBe(200);
    expect(reg.json.user.emailVerified).toBe(false);
    expect(client.hasSession()).toBe(false);

    const mail = await inbox().waitFor(email);
    expect(mail.subject).toBe("Bestätige deine E-Mail-Adresse für PulseManager");
    expect(mail.text).toContain("3-tägige Testphase");
    expect(mail.html).toContain("E-Mail-Adresse bestätigen");
    const link = linkIn(mail.text, /http:\/\/127\.0\.0\.1:\d+\/auth\/callback\?token=[\w.-]+/);

    // Before confirming, the account cannot log in and has no profile.
    const early = await client.post("/api/auth/sign-in/email", { email, password: "Sonne123!" });
    expect(early.status).toBe(403);
    expect(early.json.error.code).toBe("EMAIL_NOT_VERIFIED");

    const confirmedAt = t.clock.now().getTime();
    const token = new URL(link).searchParams.get("token") as string;
    const verified = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.status).toBe(200);
    expect(client.hasSession()).toBe(true);

    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(email);
    expect(me.json.subscription.status).toBe("trial");
    expect(me.json.subscription.daysRemaining).toBe(3);
    expect(me.json.subscription.plan).toBe("basic");
    const trialEnd = new Date(me.json.subscription.trialEndsAt).getTime();
    expect(Math.abs(trialEnd - (confirmedAt + 3 * DAY))).toBeLessThan(5_000);

    const out = await client.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("writes the mail in English when the app runs in English", async () => {
    const email = "ben@example.com";
    const client = new HttpClient(t.baseUrl, "en");
    await client.post("/api/auth/sign-up/email", { email, password: "secret12" });
    const mail = await inbox().waitFor(email);
    expect(mail.subject).toBe("Confirm your e-mail address for PulseManager");
    expect(mail.text).toContain("3-day trial");
  });

  it("logs in with the confirmed account, restores the session, and refuses a wrong password", async () => {
    const email = "carla@example.de";
    await registerAndConfirm(email, "Passwort1!");
    const browser = new HttpClient(t.baseUrl);
    const wrong = await browser.post("/api/auth/sign-in/email", { email, password: "Passwort2!" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const ok = await browser.post("/api/auth/sign-in/email", { email: "Carla@Example.de", password: "Passwort1!" });
    expect(ok.status).toBe(200);
    // A reload reads the same session from the cookie.
    const me1 = await browser.get("/api/me");
    const me2 = await browser.get("/api/me");
    expect(me1.json.user.email).toBe(email);
    expect(me2.json.user.id).toBe(me1.json.user.id);
  });

  it("resends the confirmation mail on request", async () => {
    const email = "dora@example.de";
    const client = new HttpClient(t.baseUrl);
    await client.post("/api/auth/sign-up/email", { email, password: "abcdef" });
    await inbox().waitFor(email, 1);
    const resend = await client.post("/api/auth/send-verification-email", { email });
    expect(resend.status).toBe(200);
    const second = await inbox().waitFor(email, 2);
    expect(second.subject).toContain("Bestätige");
    const noEmail = await client.post("/api/auth/send-verification-email", { email: "" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.error.code).toBe("INVALID_EMAIL");
  });

  it("does not reveal existing accounts on sign-up, and tells the owner by mail", async () => {
    const email = "erik@example.de";
    await registerAndConfirm(email, "tellOwner7");
    const before = inbox().countTo(email);
    const again = await new HttpClient(t.baseUrl).post("/api/auth/sign-up/email", { email, password: "another1" });
    expect(again.status).toBe(200);
    const notice = await inbox().waitFor(email, before + 1);
    expect(notice.subject).toBe("Registrierungsversuch mit deiner E-Mail-Adresse");
    // The original password still works; nothing was overwritten.
    const login = await new HttpClient(t.baseUrl).post("/api/auth/sign-in/email", { email, password: "tellOwner7" });
    expect(login.status).toBe(200);
  });

  it("rejects invalid and expired confirmation links", async () => {
    const client = new HttpClient(t.baseUrl);
    const bad = await client.get("/api/auth/verify-email?token=not-a-token");
    expect(bad.status).toBe(401);
    expect(bad.json.error.code).toBe("INVALID_TOKEN");
  });
});

describe("password reset", () => {
  it("resets through the mailed link, once, and only with a valid new password", async () => {
    const email = "frieda@example.de";
    await registerAndConfirm(email, "altesPW1");
    const before = inbox().countTo(email);
    const client = new HttpClient(t.baseUrl);
    const req = await client.post("/api/auth/request-password-reset", { email });
    expect(req.status).toBe(200);
    const mail = await inbox().waitFor(email, before + 1);
    expect(mail.subject).toBe("Setze dein PulseManager-Passwort zurück");
    const link = linkIn(
      mail.text,
      /http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password#access_token=[^\s&]+&type=recovery/,
    );
    const token = decodeURIComponent(new URL(link).hash.match(/access_token=([^&]+)/)?.[1] ?? "");
    expect(token.length).toBeGreaterThan(10);

    const short = await client.post("/api/auth/reset-password", { token, newPassword: "123" });
    expect(short.status).toBe(400);
    expect(short.json.error.code).toBe("PASSWORD_TOO_SHORT");

    const common = await client.post("/api/auth/reset-password", { token, newPassword: "Baseball" });
    expect(common.status).toBe(400);
    expect(common.json.error.code).toBe("PASSWORD_TOO_COMMON");

    const ok = await client.post("/api/auth/reset-password", { token, newPassword: "neuesPW2" });
    expect(ok.status).toBe(200);
    const reused = await client.post("/api/auth/reset-password", { token, newPassword: "drittesPW3" });
    expect(reused.status).toBe(400);
    // A second click on the same link says it was used, not that it is invalid.
    expect(reused.json.error.code).toBe("RESET_LINK_USED");

    expect((await client.post("/api/auth/sign-in/email", { email, password: "altesPW1" })).status).toBe(401);
    expect((await client.post("/api/auth/sign-in/email", { email, password: "neuesPW2" })).status).toBe(200);
  });

  it("refuses one of the 20,000 most common passwords at sign-up, in any case, with its own code", async () => {
    const client = new HttpClient(t.baseUrl);
    for (const password of ["123456", "Qwerty123", "passwort"]) {
      const res = await client.post("/api/auth/sign-up/email", { email: "common@example.de", password });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("PASSWORD_TOO_COMMON");
      expect(res.json.error.fields.password).toBe("validation.passwordTooCommon");
    }
    const rare = await client.post("/api/auth/sign-up/email", { email: "common@example.de", password: "Kugel-Fisch7" });
    expect(rare.status).toBe(200);
  });

  it("answers the same for unknown addresses and refuses forged tokens", async () => {
    const client = new HttpClient(t.baseUrl);
    const unknown = await client.post("/api/auth/request-password-reset", { email: "nobody@example.de" });
    expect(unknown.status).toBe(200);
    expect(inbox().countTo("nobody@example.de")).toBe(0);
    const forged = await client.post("/api/auth/reset-password", { token: "forged", newPassword: "abcdefg" });
    expect(forged.status).toBe(400);
    expect(forged.json.error.code).toBe("INVALID_TOKEN");
  });

  it("expires a reset link after one hour", async () => {
    const email = "gustav@example.de";
    await registerAndConfirm(email, "gustav1");
    const before = inbox().countTo(email);
    const client = new HttpClient(t.baseUrl);
    await client.post("/api/auth/request-password-reset", { email });
    const mail = await inbox().waitFor(email, before + 1);
    const token = decodeURIComponent(mail.text.match(/access_token=([^\s&]+)/)?.[1] ?? "");
    // better-auth compares the stored expiry against the real clock, so age the row instead.
    await t.running.database.pool.query(
      "update verification set expires_at = now() - interval '1 minute' where identifier = $1",
      [`reset-password:${token}`],
    );
    const res = await client.post("/api/auth/reset-password", { token, newPassword: "gustav2" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("INVALID_TOKEN");
  });
});
