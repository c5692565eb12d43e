import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth.ts";
import { jsonError } from "./errors.ts";

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
}

export type SessionEnv = { Variables: { user: SessionUser } };

/**
 * Sessions read in the last moments, by the session cookie: hot read endpoints
 * (the cached portfolio) then skip better-auth's cookie decoding. Sign-out and
 * account changes clear it (sessionMemo.clear()).
 */
const MEMO_MS = 2000;
const MEMO_MAX = 10_000;
const memo = new Map<string, { user: SessionUser; until: number }>();

export const sessionMemo = {
  clear: () => memo.clear(),
};

function sessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name?.endsWith("better-auth.session_token")) return rest.join("=");
  }
  return undefined;
}

/** 401 UNAUTHENTICATED unless the request carries a valid session of a confirmed account. */
export function requireSession(auth: Auth): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const cookieHeader = c.req.header("cookie");
    const token = sessionCookie(cookieHeader);
    const now = Date.now();
    const known = token ? memo.get(`${token}|${cookieHeader}`) : undefined;
    if (known && known.until > now) {
      c.set("user", known.user);
      await next();
      return;
    }
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result?.user?.emailVerified) {
      return jsonError(c, 401, "UNAUTHENTICATED", "Please log in first");
    }
    const u = result.user;
    const user = { id: u.id, email: u.email, emailVerified: u.emailVerified, createdAt: new Date(u.createdAt) };
    if (token) {
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(`${token}|${cookieHeader}`, { user, until: now + MEMO_MS });
    }
    c.set("user", user);
    await next();
  };
}
