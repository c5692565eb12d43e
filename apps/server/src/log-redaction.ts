import pino from "pino";

const REDACTED = "[redacted]";
const MAX_DEPTH = 8;
const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s"'<>\\`]+/gi;
const SQL_PARAMS_IN_TEXT = /(\bparams: )[^\n]*/g;
/** Keys whose values are never logged: SQL parameters (user data), whatever their depth. */
const SECRET_KEYS = new Set(["params", "parameters"]);
/**
 * The one key whose text is logged as it is: a mail written to the log (no SMTP configured) is there so
 * the operator can open its confirmation or reset link, which redaction would cut to the host.
 */
export const MAIL_TEXT_KEY = "mailText";

/**
 * A URL as the log shows it: scheme, host and port only. Credentials, the path (RPC providers put
 * their keys there) and the query (or there) are replaced.
 */
function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    const hidden = url.username || url.password || url.pathname.length > 1 || url.search || url.hash;
    return `${url.protocol}//${url.host}${hidden ? `/${REDACTED}` : ""}`;
  } catch {
    return REDACTED;
  }
}

export function redactText(text: string): string {
  return text.replace(URL_IN_TEXT, redactUrl).replace(SQL_PARAMS_IN_TEXT, `$1${REDACTED}`);
}

/** A copy of a log value with every string redacted; errors become pino's plain error objects first. */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH || seen.has(value)) return REDACTED;
  seen.add(value);
  if (value instanceof Date) return value;
  const plain = value instanceof Error ? pino.stdSerializers.err(value) : value;
  if (Array.isArray(plain)) return plain.map((item) => redactValue(item, depth + 1, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(plain)) {
    if (key === MAIL_TEXT_KEY && typeof item === "string") copy[key] = item;
    else copy[key] = SECRET_KEYS.has(key) ? REDACTED : redactValue(item, depth + 1, seen);
  }
  return copy;
}
