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

/** 401 UNAUTHENTICATED unless the request carries a valid session of a confirmed account. */
export function requireSession(auth: Auth): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result?.user || !result.user.emailVerified) {
      return jsonError(c, 401, "UNAUTHENTICATED", "Please log in first");
    }
    const u = result.user;
    c.set("user", { id: u.id, email: u.email, emailVerified: u.emailVerified, createdAt: new Date(u.createdAt) });
    await next();
  };
}
