import type { ApiErrorBody, ApiErrorCode } from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import type { SessionMemo } from "../access/session-memo.ts";
import type { AppConfig } from "../config.ts";
import { clientIp } from "../http/client-ip.ts";
import { jsonError, toApiErrorCode, tooManyRequests, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import type { Logger } from "../logger.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import type { Auth } from "./auth.ts";
import { switchesAccount } from "./confirmation-session.ts";
import { bodySchemas, EXPOSED_AUTH_ENDPOINTS, mailSendingPaths, SESSION_ENDING } from "./guarded-endpoints.ts";
import type { PasswordAttempts } from "./password-attempts.ts";
import { markResetLinkUsed, wasResetLinkUsed } from "./used-reset-links.ts";

const CLIENT_IP_HEADER = "x-pulsemanager-client-ip";
const MAIL_LIMIT_PER_ADDRESS = 5;
const MAIL_LIMIT_PER_IP = 30;
const MAIL_WINDOW_SECONDS = 3600;

export interface AuthRouteDeps {
  auth: Auth;
  config: AppConfig;
  limiter: FixedWindowLimiter;
  passwords: PasswordAttempts;
  sessions: SessionMemo;
  logger: Logger;
  now: () => Date;
}

type ParsedBody = { ok: true; text?: string; body?: Record<string, unknown> } | { ok: false; response: Response };

/**
 * The better-auth endpoints the app uses, under /api/auth, with our validation, limits and
 * error shape around them; every other better-auth endpoint answers 404.
 */
export function authRoutes(deps: AuthRouteDeps) {
  const { auth, config, limiter, passwords, logger } = deps;
  const app = new Hono();
  const ipMaxFailures = config.LOGIN_MAX_FAILURES * 5;

  app.all("/*", async (c) => {
    const path = c.req.path;
    const method = c.req.method;
    if (!EXPOSED_AUTH_ENDPOINTS[path]?.includes(method)) {
      return jsonError(c, 404, "NOT_FOUND", `No API route ${method} ${path}`);
    }
    const ip = clientIp(c, config.TRUST_PROXY);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);

    if (path === "/api/auth/verify-email") {
      const signedIn = await sessionEmail(auth, headers);
      if (signedIn && switchesAccount(signedIn, c.req.query("token"))) {
        return jsonError(
          c,
          409,
          "SIGNED_IN_AS_OTHER_ACCOUNT",
          `You are signed in as ${signedIn}. Sign out first to confirm the other account.`,
          { signedInAs: signedIn },
        );
      }
    }

    const parsed = await parseBody(c, headers);
    if (!parsed.ok) return parsed.response;
    const email = typeof parsed.body?.email === "string" ? parsed.body.email.toLowerCase() : undefined;
    const isSignIn = path === "/api/auth/sign-in/email" && email !== undefined;
    // The password change is behind the session guard (access/route-table.ts): its user is known.
    const passwordOwner =
      path === "/api/auth/change-password" ? userOf(c).email.toLowerCase() : isSignIn ? email : undefined;

    if (passwordOwner) {
      const byAccount = await passwords.blocked(passwordOwner);
      const byIp = isSignIn ? await limiter.peek(`login:ip:${ip}`, config.LOGIN_WINDOW_SECONDS) : undefined;
      const blocked = byAccount ?? (byIp && byIp.count >= ipMaxFailures ? byIp : undefined);
      if (blocked) {
        logger.warn({ ip, path }, "password check refused: too many failed attempts");
        return tooManyRequests(c, blocked.retryAfterSeconds);
      }
    }

    if (mailSendingPaths.has(path) && email) {
      const blocked = await mailLimit(limiter, email, ip);
      if (blocked) return tooManyRequests(c, blocked);
    }

    const response = await auth.handler(
      new Request(c.req.raw.url, { method, headers, body: parsed.text === undefined ? undefined : parsed.text }),
    );

    if (passwordOwner) {
      const failed = await isWrongPassword(response);
      if (failed) {
        await passwords.failed(passwordOwner);
        if (isSignIn) await limiter.hit(`login:ip:${ip}`, config.LOGIN_WINDOW_SECONDS);
      } else if (isSignIn && response.ok) {
        await passwords.succeeded(passwordOwner);
      }
    }
    if (method !== "GET" && SESSION_ENDING.has(path) && response.ok) await deps.sessions.sessionsEnded();
    if (path === "/api/auth/reset-password") return resetAnswer(deps, String(parsed.body?.token ?? ""), response);
    return reshapeError(response);
  });

  return app;
}

/** A used reset link is named as such (RESET_LINK_USED), not as an invalid one. */
async function resetAnswer(deps: AuthRouteDeps, token: string, response: Response): Promise<Response> {
  if (response.ok) {
    await markResetLinkUsed(deps.auth, token, deps.now());
    return response;
  }
  const answer = await reshapeError(response);
  if (response.status !== 400 || !(await wasResetLinkUsed(deps.auth, token))) return answer;
  const body = (await answer.clone().json()) as ApiErrorBody;
  if (body.error.code !== "INVALID_TOKEN") return answer;
  const used: ApiErrorBody = { error: { code: "RESET_LINK_USED", message: "This reset link was already used." } };
  return new Response(JSON.stringify(used), { status: 400, headers: answer.headers });
}

/** Validates the body with the shared schema of its endpoint and passes it on as JSON. */
async function parseBody(c: Context, headers: Headers): Promise<ParsedBody> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return { ok: true };
  const text = await c.req.text();
  const schema = bodySchemas[c.req.path];
  if (!schema) return { ok: true, text };
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    return { ok: false, response: jsonError(c, 400, "VALIDATION_ERROR", "The request body must be JSON.") };
  }
  const result = schema.safeParse(raw);
  if (!result.success) return { ok: false, response: validationError(c, result.error) };
  const body = result.data as Record<string, unknown>;
  if (c.req.path === "/api/auth/sign-up/email" && !body.name) body.name = String(body.email).split("@")[0] ?? "";
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return { ok: true, text: JSON.stringify(body), body };
}

async function sessionEmail(auth: Auth, headers: Headers): Promise<string | undefined> {
  const session = await auth.api.getSession({ headers });
  return session?.user.email.toLowerCase();
}

/** Seconds to wait when this address or IP has asked for too many mails, otherwise undefined. */
async function mailLimit(limiter: FixedWindowLimiter, email: string, ip: string): Promise<number | undefined> {
  const [byAddress, byIp] = await Promise.all([
    limiter.hit(`mail:address:${email}`, MAIL_WINDOW_SECONDS),
    limiter.hit(`mail:ip:${ip}`, MAIL_WINDOW_SECONDS),
  ]);
  if (byAddress.count > MAIL_LIMIT_PER_ADDRESS) return byAddress.retryAfterSeconds;
  if (byIp.count > MAIL_LIMIT_PER_IP) return byIp.retryAfterSeconds;
  return undefined;
}

/** better-auth's answers to a wrong password: 401 at sign-in, 400 INVALID_PASSWORD behind a session. */
async function isWrongPassword(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 400) return false;
  const data = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return data?.code === "INVALID_PASSWORD";
}

/** better-auth answers `{ code, message }`; our API always answers `{ error: { code, message } }`. */
async function reshapeError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get("content-type") ?? "";
  let code: ApiErrorCode = "INTERNAL_ERROR";
  let message = response.statusText || "Request failed";
  if (type.includes("application/json")) {
    const data = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (data?.code) code = toApiErrorCode(data.code, response.status);
    if (data?.message) message = data.message;
  } else if (response.status === 404) {
    code = "NOT_FOUND";
  }
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  const body: ApiErrorBody = { error: { code, message } };
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
