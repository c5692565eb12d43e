import type { ApiErrorBody } from "@pulsemanager/core";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra: Omit<ApiErrorBody["error"], "code" | "message"> = {},
) {
  return c.json({ error: { code, message, ...extra } } satisfies ApiErrorBody, status);
}

/** 429 with the seconds to wait, in the body and as Retry-After. */
export function tooManyRequests(c: Context, retryAfterSeconds: number) {
  c.header("Retry-After", String(retryAfterSeconds));
  return jsonError(c, 429, "TOO_MANY_REQUESTS", "Too many requests", { retryAfterSeconds });
}

const CODE_BY_MESSAGE_KEY: Record<string, string> = {
  "validation.emailRequired": "INVALID_EMAIL",
  "validation.emailInvalid": "INVALID_EMAIL",
  "validation.passwordTooShort": "PASSWORD_TOO_SHORT",
  "validation.passwordTooLong": "PASSWORD_TOO_LONG",
  "validation.passwordRequired": "INVALID_PASSWORD",
  "report.invalidAddress": "INVALID_WALLET_ADDRESS",
  "report.invalidYear": "INVALID_TAX_YEAR",
  "report.taxYearRequired": "INVALID_TAX_YEAR",
};

const ENGLISH_BY_CODE: Record<string, string> = {
  INVALID_EMAIL: "Please enter a valid e-mail address.",
  PASSWORD_TOO_SHORT: "Password must be at least 6 characters.",
  PASSWORD_TOO_LONG: "Password is too long.",
  INVALID_PASSWORD: "Invalid password.",
  VALIDATION_ERROR: "Please check the form for errors.",
  INVALID_WALLET_ADDRESS: "Invalid wallet address - must be 42 characters (0x...).",
  INVALID_TAX_YEAR: "Invalid tax year.",
};

/** A zod failure of a shared schema, answered with the first problem's code and every field's message key. */
export function validationError(c: Context, error: ZodError) {
  const first = error.issues[0];
  const code = (first && CODE_BY_MESSAGE_KEY[first.message]) ?? "VALIDATION_ERROR";
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return jsonError(c, 400, code, ENGLISH_BY_CODE[code] ?? "Please check the form for errors.", { fields });
}

export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
