import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth.ts";
import { jsonError } from "../http/errors.ts";
import { setRequestUser } from "../http/request-context.ts";
import type { SessionMemo } from "./session-memo.ts";

const memos = new WeakMap<Auth, SessionMemo>();

/** The memo used by requireSession for this auth instance (one per running app). */
export function useSessionMemo(auth: Auth, memo: SessionMemo): void {
  memos.set(auth, memo);
}

/**
 * The memo's key: the signed value of the one cookie better-auth reads (its exact name, with the
 * `__Secure-` prefix behind https). A cookie whose name only ends like it, planted beside the real
 * one, is not it; when the name occurs more than once the memo is skipped and better-auth decides.
 */
async function sessionCookie(auth: Auth, header: string | undefined): Promise<string | undefined> {
  if (!header) return undefined;
  const name = (await auth.$context).authCookies.sessionToken.name;
  const values = header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  return values.length === 1 ? values[0] : undefined;
}

/** 401 UNAUTHENTICATED unless the request carries a valid session of a confirmed account. */
export function requireSession(auth: Auth): MiddlewareHandler {
  return async (c, next) => {
    const memo = memos.get(auth);
    const token = memo ? await sessionCookie(auth, c.req.header("cookie")) : undefined;
    const known = token ? memo?.get(token) : undefined;
    if (known) {
      c.set("user", known);
      setRequestUser(known.id);
      await next();
      return;
    }
    const generation = memo?.beginRead() ?? 0;
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result?.user?.emailVerified) {
      return jsonError(c, 401, "UNAUTHENTICATED", "Please log in first");
    }
    const u = result.user;
    const user = { id: u.id, email: u.email, emailVerified: u.emailVerified, createdAt: new Date(u.createdAt) };
    if (token) memo?.remember(token, user, new Date(result.session.expiresAt), generation);
    c.set("user", user);
    setRequestUser(user.id);
    await next();
  };
}
