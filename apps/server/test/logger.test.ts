import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.ts";
import { createLogMailer } from "../src/mail/mailer.ts";

function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", destination), output: () => lines.join("") };
}

const RPC_URL = "https://rpcuser:rpcpass@rpc.example.org/v2/AlchemyKey123456?apikey=QueryKey789";

describe("error logs", () => {
  it("show an RPC URL's host only: no credentials, path key or query key", () => {
    const { logger, output } = capturedLogger();
    const cause = Object.assign(new Error(`fetch failed for ${RPC_URL}`), { url: RPC_URL });
    const err = Object.assign(new Error(`HTTP request failed.\n\nURL: ${RPC_URL}\nDetails: 503`), { cause });
    logger.error({ err, rpc: RPC_URL, chainId: 369 }, `history sync failed at ${RPC_URL}`);
    const text = output();
    for (const secret of ["rpcuser", "rpcpass", "AlchemyKey123456", "QueryKey789"]) expect(text).not.toContain(secret);
    expect(text).toContain("https://rpc.example.org/[redacted]");
    expect(text).toContain("HTTP request failed.");
    expect(JSON.parse(text).chainId).toBe(369);
  });

  it("show a failed SQL statement without its parameters", () => {
    const { logger, output } = capturedLogger();
    const err = Object.assign(
      new Error('Failed query: select "id" from "user" where "email" = $1\nparams: alice@example.de,hunter2'),
      { query: 'select "id" from "user" where "email" = $1', params: ["alice@example.de", "hunter2"] },
    );
    logger.error({ err: new Error("wrapped", { cause: err }) }, "unhandled error");
    const text = output();
    expect(text).not.toContain("alice@example.de");
    expect(text).not.toContain("hunter2");
    expect(text).toContain('Failed query: select \\"id\\" from \\"user\\"');
    expect(JSON.parse(text).err.type).toBe("Error");
  });
});

describe("mails written to the log (production without SMTP)", () => {
  it("keep their confirmation link whole, so the operator can open it", async () => {
    const { logger, output } = capturedLogger();
    const link = "https://app.example.de/auth/callback?token=eyJhbGciOi.abc-DEF_123";
    await createLogMailer(logger).send({
      to: "neu@example.de",
      subject: "Bestätige deine E-Mail-Adresse",
      text: `Hallo,\n\nbitte bestätige: ${link}\n`,
      html: `<a href="${link}">Bestätigen</a>`,
    });
    expect(output()).toContain(link);
  });
});
