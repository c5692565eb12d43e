/**
 * Every error code the API answers with in `{ "error": { "code", "message" } }`: the server can
 * only send these (its `jsonError` takes an `ApiErrorCode`), and the web app maps each one to a
 * message in the user's language (apps/web/test/error-messages.test.ts fails on a code without one).
 */
export const API_ERROR_CODES = [
  "VALIDATION_ERROR",
  "INVALID_EMAIL",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "INVALID_EMAIL_OR_PASSWORD",
  "EMAIL_NOT_VERIFIED",
  "USER_ALREADY_EXISTS",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "SIGNED_IN_AS_OTHER_ACCOUNT",
  "RESET_LINK_USED",
  "INVALID_PASSWORD",
  "TOO_MANY_REQUESTS",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "SIGNUP_DISABLED",
  "INTERNAL_ERROR",
  "PREMIUM_REQUIRED",
  "BILLING_DISABLED",
  "NO_SUBSCRIPTION",
  "ALREADY_SUBSCRIBED",
  "STRIPE_ERROR",
  "STRIPE_UNREACHABLE",
  "INVALID_SIGNATURE",
  "INVALID_WALLET_ADDRESS",
  "INVALID_TAX_YEAR",
  "REPORT_NOT_READY",
  "REPORT_TOO_LARGE",
  "TOO_MANY_REPORTS",
  "TIMEOUT",
  "INVALID_ORIGIN",
  "UNSUPPORTED_MEDIA_TYPE",
  "CONTROL_CHARACTERS",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "INVALID_ADDRESS",
  "ADDRESS_CHECKSUM_MISMATCH",
  "PASSWORD_TOO_COMMON",
  "NICKNAME_REQUIRED",
  "NICKNAME_TOO_LONG",
  "MARKET_UNAVAILABLE",
  "CHAIN_UNAVAILABLE",
  "WATCHLIST_FULL",
  "ADDRESS_REQUIRED",
  "TRADE_UNSUPPORTED_CHAIN",
  "TRADE_INVALID_TOKEN",
  "TRADE_UNKNOWN_TOKEN",
  "TRADE_SAME_TOKEN",
  "TRADE_INVALID_AMOUNT",
  "TRADE_TOO_MANY_DECIMALS",
  "TRADE_NO_ROUTE",
  "NUMBER_REQUIRED",
  "NUMBER_INVALID",
  "NUMBER_GROUPING",
  "NUMBER_AMBIGUOUS",
  "PLANNING_UNKNOWN_TOKEN",
  "PLANNING_AMOUNT_ABOVE_HOLDING",
  "PLANNING_NO_PRICE",
  "IMPORT_FILE_REFUSED",
  "IMPORT_ACCOUNT_NAME_TAKEN",
  "UNSUBSCRIBE_LINK_INVALID",
  "UNSUBSCRIBE_LINK_EXPIRED",
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    retryAfterSeconds?: number;
    fields?: Record<string, string>;
    /** With INVALID_ORIGIN: the address the app is meant to be opened at. */
    appUrl?: string;
    /** With SIGNED_IN_AS_OTHER_ACCOUNT: the e-mail address of the account this browser is signed in to. */
    signedInAs?: string;
    /** With IMPORT_FILE_REFUSED: why the file was refused (core's EXPORT_FILE_PROBLEMS). */
    problem?: string;
    /** With IMPORT_FILE_REFUSED for an unknown format: the file's first line. */
    detail?: string;
  };
}
