import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth.ts";
import type { ChangeSignals } from "../db/change-signals.ts";
import { jsonError } from "./errors.ts";
import { setRequestUser } from "./request-context.ts";

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
}

export type SessionEnv = { Variables: { user: SessionUser } };

const REVOKED_KEY = "revoked";
const MEMO_MAX = 10_000;

/**
 * Sessions read in the last seconds, by their (signed) cookie: hot read endpoints such as the
 * cached portfolio then skip the database. Whenever a session may have ended (sign-out, password
 * change or reset, account deletion) every process forgets all of them at once, through the
 * database's change signals; a read that was already under way when that happened is not kept.
 */
export class SessionMemo {
  private readonly entries = new Map<string, { user: SessionUser; until: number; generation: number }>();
  private generation = 0;

  constructor(
    private readonly signals: ChangeSignals,
    private readonly ttlMs = 30_000,
  ) {
    signals.subscribe(REVOKED_KEY, () => this.forgetAll());
  }

  get(token: string): SessionUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > Date.now() && entry.generation === this.generation) return entry.user;
    this.entries.delete(token);
    return undefined;
  }

  /** The generation to hand back to remember() once the database has answered. */
  beginRead(): number {
    return this.generation;
  }

  remember(token: string, user: SessionUser, sessionExpiresAt: Date, readGeneration: number): void {
    if (readGeneration !== this.generation) return;
    if (this.entries.size >= MEMO_MAX) this.entries.clear();
    const until = Math.min(Date.now() + this.ttlMs, sessionExpiresAt.getTime());
    this.entries.set(token, { user, until, generation: readGeneration });
  }

  /** Sessions ended somewhere: every process forgets what it remembered. */
  async sessionsEnded(): Promise<void> {
    this.forgetAll();
    await this.signals.publish(REVOKED_KEY);
  }

  private forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}

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
export function requireSession(auth: Auth): MiddlewareHandler<SessionEnv> {
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
