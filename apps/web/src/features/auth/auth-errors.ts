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

export type CallbackErrorKind = "missingLink" | "invalidLink" | "expiredLink" | "unexpected";

/** The three texts of the confirmation callback (missing/invalid link, expired link, anything else). */
export function callbackErrorKind(token: string | null, error: unknown): CallbackErrorKind {
  if (!token) return "missingLink";
  const code = errorCode(error);
  if (code === "TOKEN_EXPIRED") return "expiredLink";
  if (code === "INVALID_TOKEN") return "invalidLink";
  return "unexpected";
}
