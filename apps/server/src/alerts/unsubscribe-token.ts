import { createHmac, timingSafeEqual } from "node:crypto";
import { type UnsubscribeScope, unsubscribeScopeSchema } from "@pulsemanager/core";

/** How long a mail's unsubscribe link works. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

interface TokenBody {
  /** User id. */
  u: string;
  /** The kind (or "mail") the link turns off. */
  s: UnsubscribeScope;
  /** Expiry, unix seconds. */
  e: number;
}

/** A key of its own for these links, derived from the server's secret (a session's key never signs one). */
function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update("pulsemanager alert unsubscribe v1").digest();
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", keyOf(secret)).update(body).digest("base64url");
}

/** The token of a mail's unsubscribe link: who, which kind, until when; signed, so it cannot be changed. */
export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope, now: Date): string {
  const body: TokenBody = { u: userId, s: scope, e: Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400 };
  const encoded = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `${encoded}.${sign(secret, encoded)}`;
}

export type TokenCheck =
  | { ok: true; userId: string; scope: UnsubscribeScope }
  | { ok: false; reason: "invalid" | "expired" };

/** Reads a token: a changed or foreign one is invalid, an old one expired (checked after the signature). */
export function readUnsubscribeToken(secret: string, token: string, now: Date): TokenCheck {
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(sign(secret, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  let body: Partial<TokenBody>;
  try {
    body = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Partial<TokenBody>;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const scope = unsubscribeScopeSchema.safeParse(body.s);
  if (typeof body.u !== "string" || typeof body.e !== "number" || !scope.success)
    return { ok: false, reason: "invalid" };
  if (body.e < now.getTime() / 1000) return { ok: false, reason: "expired" };
  return { ok: true, userId: body.u, scope: scope.data };
}
