import { DEFAULT_WEB_DIST } from "../../apps/server/src/app.ts";
import { linkIn } from "../../apps/server/test/support/smtp-inbox.ts";
import { startTestServer, type TestServer } from "../../apps/server/test/support/test-server.ts";

export type { TestServer };

/** The real server with the built web app, its own database and a real SMTP inbox. */
export function startAppServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ webDist: DEFAULT_WEB_DIST, env });
}

export async function confirmationLink(t: TestServer, email: string, nth = 1): Promise<string> {
  if (!t.inbox) throw new Error("no inbox");
  const mail = await t.inbox.waitFor(email, nth);
  return linkIn(mail.text, /http:\/\/127\.0\.0\.1:\d+\/auth\/callback\?token=[\w.-]+/);
}

export async function resetLink(t: TestServer, email: string, nth: number): Promise<string> {
  if (!t.inbox) throw new Error("no inbox");
  const mail = await t.inbox.waitFor(email, nth);
  return linkIn(mail.text, /http:\/\/127\.0\.0\.1:\d+\/auth\/reset-password#access_token=[^\s]+/);
}
