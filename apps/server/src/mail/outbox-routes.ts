import type { OutboxMail } from "@pulsemanager/core";
import { Hono } from "hono";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { isLocalCaller } from "../http/client-ip.ts";
import { jsonError } from "../http/errors.ts";
import { listOutbox, type Mailer } from "./mailer.ts";

/**
 * The local outbox exists only without SMTP and outside production, and only for callers on
 * this machine that did not come through a proxy: mails hold confirmation and reset links.
 */
export function outboxRoutes(deps: { db: Db; mailer: Mailer; config: AppConfig }) {
  const app = new Hono();
  app.get("/outbox", async (c) => {
    if (deps.mailer.mode !== "outbox" || !isLocalCaller(c)) {
      return jsonError(c, 404, "NOT_FOUND", "Not found");
    }
    const rows = await listOutbox(deps.db);
    const mails: OutboxMail[] = rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      createdAt: r.createdAt.toISOString(),
    }));
    c.header("Cache-Control", "no-store");
    return c.json({ mails });
  });
  return app;
}
