import { Hono } from "hono";
import type { AppConfig } from "../config.ts";
import { clientIp } from "../http/client-ip.ts";
import { jsonError, validationError } from "../http/errors.ts";
import { sessionMemo } from "../http/session.ts";
import type { Logger } from "../logger.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import type { Auth } from "./auth.ts";
import { bodySchemas, mailSendingPaths } from "./guarded-endpoints.ts";

const CLIENT_IP_HEADER = "x-pulsemanager-client-ip";
const SESSION_CHANGING = new Set([
  "/api/auth/sign-out",
  "/api/auth/change-password",
  "/api/auth/reset-password",
  "/api/auth/delete-user",
  "/api/auth/revoke-session",
  "/api/auth/revoke-sessions",
  "/api/auth/revoke-other-sessions",
]);
const MAIL_LIMIT_PER_ADDRESS = 5;
const MAIL_LIMIT_PER_IP = 30;
const MAIL_WINDOW_SECONDS = 3600;

export interface AuthRouteDeps {
  auth: Auth;
  config: AppConfig;
  limiter: FixedWindowLimiter;
  logger: Logger;
}

/**
 * Everything under /api/auth goes to better-auth, with our validation, limits
 * and error shape around it.
 */
export function authRoutes({ auth, config, limiter, logger }: AuthRouteDeps) {
  const app = new Hono();
  const maxFailures = config.LOGIN_MAX_FAILURES;
  const windowSeconds = config.LOGIN_WINDOW_SECONDS;
  const ipMaxFailures = maxFailures * 5;

  app.all("/*", async (c) => {
    const path = c.req.path;
    const method = c.req.method;
    const ip = clientIp(c, config.TRUST_PROXY);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);

    let bodyText: string | undefined;
    let body: Record<string, unknown> | undefined;
    if (method !== "GET" && method !== "HEAD") {
      bodyText = await c.req.text();
      const schema = bodySchemas[path];
      if (schema) {
        let parsed: unknown;
        try {
          parsed = bodyText ? JSON.parse(bodyText) : {};
        } catch {
          return jsonError(c, 400, "VALIDATION_ERROR", "The request body must be JSON.");
        }
        const result = schema.safeParse(parsed);
        if (!result.success) return validationError(c, result.error);
        body = result.data as Record<string, unknown>;
        if (path === "/api/auth/sign-up/email" && !body.name) {
          body.name = String(body.email).split("@")[0] ?? "";
        }
        bodyText = JSON.stringify(body);
        headers.set("content-type", "application/json");
        headers.delete("content-length");
      }
    }
    const email = typeof body?.email === "string" ? body.email.toLowerCase() : undefined;

    if (path === "/api/auth/sign-in/email" && email) {
      const [byAccount, byIp] = await Promise.all([
        limiter.peek(`login:account:${email}`, windowSeconds),
        limiter.peek(`login:ip:${ip}`, windowSeconds),
      ]);
      const blocked = byAccount.count >= maxFailures ? byAccount : byIp.count >= ipMaxFailures ? byIp : undefined;
      if (blocked) {
        logger.warn({ ip, email }, "login refused: too many failed attempts");
        c.header("Retry-After", String(blocked.retryAfterSeconds));
        return jsonError(c, 429, "TOO_MANY_REQUESTS", "Too many requests", {
          retryAfterSeconds: blocked.retryAfterSeconds,
        });
      }
    }

    if (mailSendingPaths.has(path) && email) {
      const [byAddress, byIp] = await Promise.all([
        limiter.hit(`mail:address:${email}`, MAIL_WINDOW_SECONDS),
        limiter.hit(`mail:ip:${ip}`, MAIL_WINDOW_SECONDS),
      ]);
      const blocked =
        byAddress.count > MAIL_LIMIT_PER_ADDRESS ? byAddress : byIp.count > MAIL_LIMIT_PER_IP ? byIp : undefined;
      if (blocked) {
        c.header("Retry-After", String(blocked.retryAfterSeconds));
        return jsonError(c, 429, "TOO_MANY_REQUESTS", "Too many requests", {
          retryAfterSeconds: blocked.retryAfterSeconds,
        });
      }
    }

    const response = await auth.handler(
      new Request(c.req.raw.url, { method, headers, body: bodyText === undefined ? undefined : bodyText }),
    );

    if (path === "/api/auth/sign-in/email" && email) {
      if (response.status === 401) {
        await Promise.all([
          limiter.hit(`login:account:${email}`, windowSeconds),
          limiter.hit(`login:ip:${ip}`, windowSeconds),
        ]);
      } else if (response.ok) {
        await limiter.reset(`login:account:${email}`);
      }
    }
    // A session may have ended (sign-out, password change or reset, deletion): forget remembered ones.
    if (method !== "GET" && SESSION_CHANGING.has(path)) sessionMemo.clear();
    return reshapeError(response);
  });

  return app;
}

/** better-auth answers `{ code, message }`; our API always answers `{ error: { code, message } }`. */
async function reshapeError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get("content-type") ?? "";
  let code = "INTERNAL_ERROR";
  let message = response.statusText || "Request failed";
  if (type.includes("application/json")) {
    const data = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (data?.code) code = data.code;
    if (data?.message) message = data.message;
  } else if (response.status === 404) {
    code = "NOT_FOUND";
  }
  if (code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") code = "USER_ALREADY_EXISTS";
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers });
}
