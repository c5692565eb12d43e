import { ApiError } from "../../lib/api.ts";
import { type ErrorMessage, errorCode, errorMessageFor } from "../../lib/error-message.ts";

export type LoginErrorView =
  | { kind: "invalidCredentials" }
  | { kind: "emailNotVerified" }
  | { kind: "message"; message: ErrorMessage };

/** Wrong credentials get tips, an unconfirmed address gets the resend box. */
export function loginErrorView(error: unknown): LoginErrorView {
  const code = errorCode(error);
  if (code === "INVALID_EMAIL_OR_PASSWORD") return { kind: "invalidCredentials" };
  if (code === "EMAIL_NOT_VERIFIED") return { kind: "emailNotVerified" };
  return { kind: "message", message: errorMessageFor(error) };
}

export type CallbackErrorKind = "missingLink" | "invalidLink" | "expiredLink" | "signedInAsOther" | "unexpected";

/**
 * The texts of the confirmation callback (missing/invalid link, expired link, a link of another account
 * than the signed-in one, anything else).
 */
export function callbackErrorKind(token: string | null, error: unknown): CallbackErrorKind {
  if (!token) return "missingLink";
  const code = errorCode(error);
  if (code === "SIGNED_IN_AS_OTHER_ACCOUNT") return "signedInAsOther";
  if (code === "TOKEN_EXPIRED") return "expiredLink";
  if (code === "INVALID_TOKEN") return "invalidLink";
  return "unexpected";
}

/** With SIGNED_IN_AS_OTHER_ACCOUNT: the address of the account the browser is signed in to. */
export function signedInAsOf(error: unknown): string {
  return error instanceof ApiError && typeof error.body?.signedInAs === "string" ? error.body.signedInAs : "";
}
