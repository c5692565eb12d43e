/**
 * A confirmation link never replaces the session of another account: a cross-site page that makes a
 * signed-in victim's browser open the link of the attacker's account (login CSRF) gets 409
 * SIGNED_IN_AS_OTHER_ACCOUNT; the victim stays signed in as themself and the link stays usable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { linkIn } from "./support/smtp-inbox.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** Registers without confirming; answers the token of the mailed confirmation link. */
async function registeredToken(email: string): Promise<string> {
  if (!t.inbox) throw new Error("needs the SMTP inbox");
  const before = t.inbox.countTo(email);
  expect(
    (await new HttpClient(t.baseUrl).post("/api/auth/sign-up/email", { email, password: "Attack123!" })).status,
  ).toBe(200);
  const mail = await t.inbox.waitFor(email, before + 1);
  const link = linkIn(mail.text, /https?:\/\/[^\s]+\/auth\/callback\?token=[\w.-]+/);
  return new URL(link).searchParams.get("token") as string;
}

const emailOf = async (client: HttpClient) => (await client.get("/api/me")).json?.user?.email as string | undefined;

describe("confirmation link and an existing session", () => {
  it("the link of another account does not sign a signed-in browser in as that account", async () => {
    const victim = await confirmedUser(t, "victim@example.de", "Victim123!", "en");
    const token = await registeredToken("attacker@example.de");

    const opened = await victim.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(opened.status).toBe(409);
    expect(opened.json.error.code).toBe("SIGNED_IN_AS_OTHER_ACCOUNT");
    expect(opened.json.error.signedInAs).toBe("victim@example.de");
    expect(opened.json.error.message).toContain("victim@example.de");
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect(await emailOf(victim)).toBe("victim@example.de");

    // Signed out, the same browser may confirm the other account on purpose.
    expect((await victim.post("/api/auth/sign-out")).status).toBe(200);
    const confirmed = await victim.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(confirmed.status).toBe(200);
    expect(await emailOf(victim)).toBe("attacker@example.de");
  });

  it("the account's own link opened again while signed in to it answers as before", async () => {
    const token = await registeredToken("own@example.de");
    const me = new HttpClient(t.baseUrl);
    expect((await me.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect(await emailOf(me)).toBe("own@example.de");
    expect((await me.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect(await emailOf(me)).toBe("own@example.de");
  });
});
