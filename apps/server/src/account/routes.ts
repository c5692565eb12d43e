import { deleteAccountSchema, type MeResponse } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { readAccess } from "../access/plan-access.ts";
import type { SessionMemo } from "../access/session-memo.ts";
import { readAlertSettings } from "../alerts/alert-settings-store.ts";
import { exportNotifications } from "../alerts/notification-store.ts";
import type { Auth } from "../auth/auth.ts";
import type { PasswordAttempts } from "../auth/password-attempts.ts";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { account, mailOutbox, session, user, wallets } from "../db/schema.ts";
import { jsonError, readJson, toApiErrorCode, tooManyRequests, validationError } from "../http/errors.ts";
import { type SessionUser, userOf } from "../http/session-user.ts";
import { exportImports } from "../imports/import-store.ts";
import { readIncomeChoices } from "../income-choices/income-choice-store.ts";
import { listInvestments } from "../investments/investment-store.ts";
import { readSettings } from "../settings/settings-store.ts";
import { readDeclarations } from "../tax-declarations/declaration-store.ts";
import { ReportStore, toJob } from "../tax-report/report-store.ts";
import { readTokenChoices } from "../token-choices/token-choice-store.ts";
import { readProfileRow } from "../users/profile.ts";
import { toApiWallet } from "../wallets/wallet-store.ts";
import { readWatchlist } from "../watchlist/watchlist-store.ts";

export interface AccountRouteDeps {
  auth: Auth;
  config: AppConfig;
  db: Db;
  now: () => Date;
  passwords: PasswordAttempts;
  sessions: SessionMemo;
}

export function accountRoutes({ auth, config, db, now, passwords, sessions }: AccountRouteDeps) {
  const app = new Hono();

  app.get("/me", async (c) => {
    const u = userOf(c);
    const { subscription, billing, isAdmin, access } = await readAccess({ config, db, now }, u);
    const body: MeResponse = {
      user: { id: u.id, email: u.email, emailVerified: u.emailVerified, createdAt: u.createdAt.toISOString() },
      subscription,
      isAdmin,
      edition: config.edition,
      access,
      billing: config.edition === "commercial" ? billing : null,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  // GDPR Art. 15/20: everything we hold about the user, machine-readable.
  app.get("/account/export", async (c) => {
    const body = await accountExport(db, now, userOf(c));
    const date = now().toISOString().slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="pulsemanager-export-${date}.json"`);
    c.header("Cache-Control", "no-store");
    return c.json(body);
  });

  app.post("/account/delete", async (c) => {
    const parsed = deleteAccountSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const email = userOf(c).email;
    const blocked = await passwords.blocked(email);
    if (blocked) return tooManyRequests(c, blocked.retryAfterSeconds);
    const res = await auth.api.deleteUser({
      body: { password: parsed.data.password },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!res.ok) {
      const data = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
      const code = data?.code === undefined ? "INTERNAL_ERROR" : toApiErrorCode(data.code, res.status);
      if (code === "INVALID_PASSWORD") await passwords.failed(email);
      const status = res.status === 400 ? 400 : code === "STRIPE_UNREACHABLE" ? 502 : 500;
      return jsonError(c, status, code, data?.message ?? "Account could not be deleted");
    }
    await sessions.sessionsEnded();
    // Forward better-auth's cookie clearing so the browser drops the dead session.
    for (const cookie of res.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ deleted: true });
  });

  return app;
}

/** Everything we hold about the user (GDPR Art. 15/20), as the export's JSON body. */
async function accountExport(db: Db, now: () => Date, u: SessionUser) {
  const [userRow] = await db.select().from(user).where(eq(user.id, u.id));
  const profile = await readProfileRow(db, u.id);
  const sessions = await db
    .select({
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, u.id));
  const accounts = await db
    .select({ providerId: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
    .from(account)
    .where(eq(account.userId, u.id));
  const mails = await db
    .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, u.email));
  return {
    exportedAt: now().toISOString(),
    format: "pulsemanager-export/1",
    user: userRow
      ? {
          id: userRow.id,
          email: userRow.email,
          emailVerified: userRow.emailVerified,
          createdAt: userRow.createdAt,
          updatedAt: userRow.updatedAt,
        }
      : null,
    profile: profile ?? null,
    settings: await readSettings(db, u.id),
    tokenChoices: await readTokenChoices(db, u.id),
    incomeChoices: await readIncomeChoices(db, u.id),
    taxDeclarations: await readDeclarations(db, u.id),
    watchlist: (await readWatchlist(db, u.id)).map((w) => ({ ...w, addedAt: w.addedAt.toISOString() })),
    investments: await listInvestments(db, u.id),
    exchangeImports: await exportImports(db, u.id),
    alertSettings: await readAlertSettings(db, u.id),
    notifications: await exportNotifications(db, u.id),
    sessions,
    loginMethods: accounts,
    localOutboxMails: mails,
    wallets: (await db.select().from(wallets).where(eq(wallets.userId, u.id))).map(toApiWallet),
    // The report jobs with their summaries; each full report is downloadable from the page (CSV, PDF).
    taxReports: (await new ReportStore(db, now).list(u.id, 1000)).map((r) => toJob(r)),
  };
}
