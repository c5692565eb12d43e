import { API_ERROR_CODES, type ApiErrorBody, type ApiErrorCode } from "@pulsemanager/core";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { fieldMessage, formMessage } from "./messages.ts";
import { requestLanguage } from "./request-language.ts";

/** The error answer `{ error: { code, message, ...extra } }`; the code can only be one of core's API_ERROR_CODES. */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  extra: Omit<ApiErrorBody["error"], "code" | "message"> = {},
) {
  return c.json({ error: { code, message, ...extra } } satisfies ApiErrorBody, status);
}

/** 503: the chain's RPC node cannot be reached just now (whatever was asked for may well exist). */
export function chainUnavailable(c: Context) {
  return jsonError(c, 503, "CHAIN_UNAVAILABLE", "The blockchain cannot be reached right now. Please try again later.");
}

/** 429 with the seconds to wait, in the body and as Retry-After. */
export function tooManyRequests(c: Context, retryAfterSeconds: number) {
  c.header("Retry-After", String(retryAfterSeconds));
  return jsonError(c, 429, "TOO_MANY_REQUESTS", "Too many requests", { retryAfterSeconds });
}

const CODE_BY_MESSAGE_KEY: Record<string, ApiErrorCode> = {
  "validation.emailRequired": "INVALID_EMAIL",
  "validation.emailInvalid": "INVALID_EMAIL",
  "validation.passwordTooShort": "PASSWORD_TOO_SHORT",
  "validation.passwordTooLong": "PASSWORD_TOO_LONG",
  "validation.passwordTooCommon": "PASSWORD_TOO_COMMON",
  "validation.passwordRequired": "INVALID_PASSWORD",
  "report.invalidAddress": "INVALID_WALLET_ADDRESS",
  "report.invalidYear": "INVALID_TAX_YEAR",
  "report.taxYearRequired": "INVALID_TAX_YEAR",
  "wallet.invalidAddress": "INVALID_ADDRESS",
  "wallet.badChecksum": "ADDRESS_CHECKSUM_MISMATCH",
  "wallet.nicknameRequired": "NICKNAME_REQUIRED",
  "wallet.nicknameTooLong": "NICKNAME_TOO_LONG",
};

/**
 * A zod failure of a shared schema, answered with the first problem's code and every field's message
 * key; the message is the first problem's own text when it has one, else the code's.
 */
export function validationError(c: Context, error: ZodError) {
  const first = error.issues[0];
  const code = (first && CODE_BY_MESSAGE_KEY[first.message]) ?? "VALIDATION_ERROR";
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const lang = requestLanguage(c.req.raw);
  const message = (first && fieldMessage(first.message, lang)) ?? formMessage(code, lang);
  return jsonError(c, 400, code, message, { fields });
}

const CODE_BY_STATUS: Partial<Record<number, ApiErrorCode>> = {
  400: "VALIDATION_ERROR",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
};

/** Codes of the auth library that mean one of ours. */
const ALIASES: Record<string, ApiErrorCode> = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "USER_ALREADY_EXISTS",
};

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return (API_ERROR_CODES as readonly string[]).includes(code);
}

/**
 * A code passed on from another library (the auth library's `{ code, message }`) as one of ours:
 * kept when it is one, translated when it means one, otherwise the general code of its status.
 */
export function toApiErrorCode(code: string | undefined, status: number): ApiErrorCode {
  if (code !== undefined) {
    if (isApiErrorCode(code)) return code;
    const alias = ALIASES[code];
    if (alias) return alias;
  }
  if (status >= 500) return "INTERNAL_ERROR";
  return CODE_BY_STATUS[status] ?? "VALIDATION_ERROR";
}

export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
