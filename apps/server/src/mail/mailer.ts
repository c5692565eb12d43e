import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { MAIL_TEXT_KEY } from "../log-redaction.ts";
import type { Logger } from "../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (the alerts' List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly mode: "smtp" | "outbox" | "log";
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: "smtp",
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
    },
  };
}

/** Without SMTP the mail goes to the log and to the local outbox page. */
export function createOutboxMailer(db: Db, logger: Logger): Mailer {
  return {
    mode: "outbox",
    async send(message) {
      await db.insert(mailOutbox).values({
        id: randomUUID(),
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        headers: message.headers ?? null,
      });
      logger.info(
        { to: message.to, subject: message.subject, [MAIL_TEXT_KEY]: message.text },
        "mail stored in local outbox",
      );
    },
  };
}

/**
 * Production without SMTP: mails go to the server log only. A readable outbox there would hand
 * reset links to anyone who reaches it through a proxy on the same host.
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    mode: "log",
    async send(message) {
      logger.warn(
        { to: message.to, subject: message.subject, [MAIL_TEXT_KEY]: message.text },
        "no SMTP_URL: mail written to the log only",
      );
    },
  };
}

export async function listOutbox(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
