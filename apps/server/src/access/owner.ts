import type { MiddlewareHandler } from "hono";
import type { AppConfig } from "../config.ts";
import { jsonError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";

/** An owner of the installation: an address in ADMIN_EMAILS (shown to the web app as `isAdmin`). */
export function isOwner(config: AppConfig, email: string): boolean {
  return config.ADMIN_EMAILS.includes(email.toLowerCase());
}

/** Gate for the owner's routes: after requireSession, anyone else is answered 403 FORBIDDEN. */
export function requireOwner(config: AppConfig): MiddlewareHandler {
  return async (c, next) => {
    if (!isOwner(config, userOf(c).email)) {
      return jsonError(c, 403, "FORBIDDEN", "Only an owner of this installation may do this.");
    }
    await next();
  };
}
