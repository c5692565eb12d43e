import {
  type AlertRunResult,
  alertRunRequestSchema,
  alertSettingsSchema,
  markReadRequestSchema,
  type TestMailResponse,
  type UnsubscribeResponse,
  unsubscribeRequestSchema,
} from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { user, userSettings } from "../db/schema.ts";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { serverText } from "../http/messages.ts";
import { requestLanguage } from "../http/request-language.ts";
import { userOf } from "../http/session-user.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import { alertMail } from "./alert-mail.ts";
import { type AlertRunDeps, mailLanguage, mailLinks, runAlerts } from "./alert-runner.ts";
import { readAlertSettings, switched, writeAlertSettings } from "./alert-settings-store.ts";
import { weeklySummaryNow } from "./alert-sources.ts";
import { listNotifications, markRead } from "./notification-store.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

export type AlertRouteDeps = AlertRunDeps & { limiter: FixedWindowLimiter };

/** Test mails per user and hour. */
const TEST_MAILS_PER_HOUR = 5;

async function sendTestMail(deps: AlertRouteDeps, c: Context) {
  const me = userOf(c);
  const hit = await deps.limiter.hit(`alerts-test:${me.id}`, 3600);
  if (hit.count > TEST_MAILS_PER_HOUR) {
    const message = serverText("alertsTestTooSoon", requestLanguage(c.req.raw), { seconds: hit.retryAfterSeconds });
    return jsonError(c, 429, "TOO_MANY_REQUESTS", message, { retryAfterSeconds: hit.retryAfterSeconds });
  }
  const [row] = await deps.db
    .select({ email: user.email, language: userSettings.language })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, me.id));
  const lang = mailLanguage(row?.language ?? requestLanguage(c.req.raw));
  const summary = await weeklySummaryNow(deps, me.id);
  const links = mailLinks(deps, me.id, deps.clock());
  await deps.mailer.send(alertMail(row?.email ?? me.email, [summary.facts], lang, links, { test: true }));
  return c.json({ sentTo: row?.email ?? me.email } satisfies TestMailResponse);
}

/**
 * /api/notifications (signed in, the user's own only): the alerts' settings, the notification list,
 * marking read, the test mail.
 */
export function notificationRoutes(deps: AlertRouteDeps) {
  const app = new Hono();
  app.get("/settings", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await readAlertSettings(deps.db, userOf(c).id));
  });
  app.put("/settings", async (c) => {
    const parsed = alertSettingsSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json(await writeAlertSettings(deps.db, userOf(c).id, parsed.data, deps.now()));
  });
  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listNotifications(deps.db, userOf(c).id));
  });
  app.post("/read", async (c) => {
    const parsed = markReadRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    await markRead(deps.db, userOf(c).id, parsed.data.ids, deps.now());
    return c.json(await listNotifications(deps.db, userOf(c).id));
  });
  app.post("/test", (c) => sendTestMail(deps, c));
  return app;
}

/** The token from the page's JSON body or, for a mail client's one-click POST, from the link's query. */
async function tokenOf(c: Context): Promise<z.infer<typeof unsubscribeRequestSchema> | null> {
  const query = c.req.query("token");
  if (query) return { token: query };
  const parsed = unsubscribeRequestSchema.safeParse(await readJson(c));
  return parsed.success ? parsed.data : null;
}

/**
 * /api/notifications/unsubscribe, without a session: the mail's link is the credential (signed for one
 * user and kind, unchangeable). POST turns the kind off (or, `undo`, on again); a mail client's one-click
 * POST (RFC 8058) arrives without the app's origin. GET only leads to the page, so a link scanner that
 * opens every link changes nothing.
 */
export function unsubscribeRoutes(deps: Pick<AlertRunDeps, "db" | "now" | "secret">) {
  const app = new Hono();
  app.get("/", (c) => c.redirect(`/unsubscribe?token=${encodeURIComponent(c.req.query("token") ?? "")}`, 303));
  // Mounted before the API's own body limit (no session, no origin): a token is all it reads.
  const limit = bodyLimit({ maxSize: 4096, onError: (c) => jsonError(c, 413, "PAYLOAD_TOO_LARGE", "Too large") });
  app.post("/", limit, async (c) => {
    const lang = requestLanguage(c.req.raw);
    const body = await tokenOf(c);
    const read = body
      ? readUnsubscribeToken(deps.secret, body.token, deps.now())
      : ({ ok: false, reason: "invalid" } as const);
    if (!read.ok) {
      const expired = read.reason === "expired";
      const code = expired ? "UNSUBSCRIBE_LINK_EXPIRED" : "UNSUBSCRIBE_LINK_INVALID";
      return jsonError(
        c,
        expired ? 410 : 400,
        code,
        serverText(expired ? "unsubscribeExpired" : "unsubscribeInvalid", lang),
      );
    }
    const [owner] = await deps.db.select({ id: user.id }).from(user).where(eq(user.id, read.userId));
    if (!owner) return jsonError(c, 400, "UNSUBSCRIBE_LINK_INVALID", serverText("unsubscribeInvalid", lang));
    const on = body?.undo === true;
    const settings = await readAlertSettings(deps.db, read.userId);
    await writeAlertSettings(deps.db, read.userId, switched(settings, read.scope, on), deps.now());
    return c.json({ scope: read.scope, resubscribed: on } satisfies UnsubscribeResponse);
  });
  return app;
}

/** POST /api/debug/alerts (owners only): one run of a check now for the owner's own account, optionally as if at another moment. */
export function alertRunRoutes(deps: AlertRunDeps) {
  const app = new Hono();
  app.post("/", async (c) => {
    const parsed = alertRunRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const at = parsed.data.at;
    const clock = at ? new Date(at.length === 10 ? `${at}T12:00:00Z` : at) : undefined;
    const now = clock ? () => clock : deps.now;
    // The owner's own account only: a run for another day must not mail every user about it, nor use up
    // their real reminders' keys.
    const result = await runAlerts({ ...deps, now }, parsed.data.scope, { onlyUser: userOf(c).id });
    return c.json(result satisfies AlertRunResult);
  });
  return app;
}
