import { expect } from "vitest";
import { HttpClient } from "./http-client.ts";
import { linkIn } from "./smtp-inbox.ts";
import type { TestServer } from "./test-server.ts";

/** Registers, confirms through the mailed link and returns the signed-in client. */
export async function confirmedUser(
  t: TestServer,
  email: string,
  password: string,
  lang: "de" | "en" = "de",
): Promise<HttpClient> {
  if (!t.inbox) throw new Error("needs the SMTP inbox");
  const client = new HttpClient(t.baseUrl, lang);
  const before = t.inbox.countTo(email);
  const reg = await client.post("/api/auth/sign-up/email", { email, password });
  expect(reg.status).toBe(200);
  const mail = await t.inbox.waitFor(email, before + 1);
  const link = linkIn(mail.text, /https?:\/\/[^\s]+\/auth\/callback\?token=[\w.-]+/);
  const token = new URL(link).searchParams.get("token") as string;
  const verified = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status).toBe(200);
  return client;
}
