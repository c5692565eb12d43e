import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@pulsemanager/core";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { account, mailOutbox, session, user, verification } from "../db/schema.ts";
import { requestLanguage } from "../http/request-language.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { confirmationMail, existingAccountMail, passwordResetMail } from "../mail/templates.ts";
import { ensureProfile } from "../users/profile.ts";

export interface AuthDeps {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  now?: () => Date;
  /** Runs after the password was checked and before the account is deleted; throwing refuses the deletion. */
  beforeUserDelete?: (userId: string) => Promise<void>;
}

const CONFIRMATION_LINK_SECONDS = 24 * 3600;
const RESET_LINK_SECONDS = 3600;

export function createAuth({ config, db, mailer, logger, secret, now = () => new Date(), beforeUserDelete }: AuthDeps) {
  const send = async (to: string, mail: { subject: string; text: string; html: string }) => {
    try {
      await mailer.send({ to, ...mail });
    } catch (err) {
      logger.error({ err, to }, "mail could not be sent");
      throw err;
    }
  };

  return betterAuth({
    appName: "PulseManager",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    // Our own limiter (database-backed, per IP and per account) sits in front; see auth/routes.ts.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, token }, request) => {
        const url = `${config.appUrl}/auth/reset-password#access_token=${encodeURIComponent(token)}&type=recovery`;
        await send(u.email, passwordResetMail(requestLanguage(request), url));
      },
      onExistingUserSignUp: async ({ user: u }, request) => {
        await send(u.email, existingAccountMail(requestLanguage(request), `${config.appUrl}/auth/login`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user: u, token }, request) => {
        const url = `${config.appUrl}/auth/callback?token=${encodeURIComponent(token)}`;
        await send(u.email, confirmationMail(requestLanguage(request), url));
      },
      afterEmailVerification: async (u) => {
        await ensureProfile(db, u.id, now());
      },
    },
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: async (u) => {
          await beforeUserDelete?.(u.id);
          await db.delete(mailOutbox).where(eq(mailOutbox.toAddress, u.email));
        },
      },
    },
    // No signed cookie cache: a cached session would outlive its sign-out by up to its age.
    // Hot reads are spared the database by access/session-memo.ts instead, which forgets at once.
    session: {
      expiresIn: 30 * 24 * 3600,
      updateAge: 24 * 3600,
      cookieCache: { enabled: false },
    },
    advanced: {
      // auth/routes.ts sets this header from the trusted client address (see http/client-ip.ts).
      ipAddress: { ipAddressHeaders: ["x-pulsemanager-client-ip"] },
      useSecureCookies: config.appUrl.startsWith("https://"),
    },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args: args.length ? args : undefined, component: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
