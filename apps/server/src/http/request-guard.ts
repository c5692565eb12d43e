import type { Context, MiddlewareHandler } from "hono";
import { jsonError } from "./errors.ts";
import { isExportUpload } from "./export-upload.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
/** C0 controls and DEL; tab, line feed and carriage return are ordinary text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL_ANYWHERE = /[\u0000-\u001f\u007f]/;
/**
 * A control character written as a JSON escape: \u0000-\u001f or \u007f, \b or \f (\t, \n, \r
 * pass). An even run of backslashes before it is escaped backslashes, not an escape.
 */
const CONTROL_ESCAPE_IN_JSON = /(?<!\\)(?:\\\\)*\\(?:u00[01][0-9a-f]|u007f|[bf])/gi;
const TEXT_ESCAPES_ALLOWED = /^\\u00(09|0a|0d)$/i;

export interface RequestGuardOptions {
  trustedOrigins: readonly string[];
  /** The address to name when a page from elsewhere calls the API. */
  appUrl: string;
}

/**
 * One gate in front of every API route of ours:
 * - a mutating request must come from a page of the app (Origin, or Sec-Fetch-Site same-origin),
 *   so another site cannot act with the user's cookies (403 INVALID_ORIGIN);
 * - a body must be JSON (415), so no form or text/plain request slips past the browser's CORS check
 *   (an exchange export to the import routes may be text/csv: http/export-upload.ts);
 * - no control characters in the path, the query or the body's text (400 CONTROL_CHARACTERS).
 */
export function requestGuard(options: RequestGuardOptions): MiddlewareHandler {
  const trusted = new Set(options.trustedOrigins);
  return async (c, next) => {
    if (hasControlInUrl(c)) return controlCharacters(c);
    if (MUTATING.has(c.req.method)) {
      if (!fromTrustedPage(c, trusted)) {
        return jsonError(
          c,
          403,
          "INVALID_ORIGIN",
          `Requests must come from the app's own pages; open ${options.appUrl}`,
          { appUrl: options.appUrl },
        );
      }
      if (hasBody(c) && !isExportUpload(c.req.path, c.req.header("content-type"))) {
        if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
          return jsonError(c, 415, "UNSUPPORTED_MEDIA_TYPE", "The request body must be sent as application/json.");
        }
        if (hasControlEscape(await c.req.text())) return controlCharacters(c);
      }
    }
    await next();
  };
}

function fromTrustedPage(c: Context, trusted: Set<string>): boolean {
  const origin = c.req.header("origin");
  if (origin !== undefined) return trusted.has(origin);
  // Browsers that omit Origin still say where a request comes from; a request saying neither is refused.
  return c.req.header("sec-fetch-site") === "same-origin";
}

function hasBody(c: Context): boolean {
  const length = c.req.header("content-length");
  if (length !== undefined) return Number(length) > 0;
  return c.req.header("transfer-encoding") !== undefined;
}

/** The HTTP parser refuses raw control characters in a URL: only percent-escapes can carry them. */
function hasControlInUrl(c: Context): boolean {
  const url = c.req.url;
  if (!url.includes("%")) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return true;
  }
  return CONTROL_ANYWHERE.test(decoded);
}

/** True when any string of the JSON text holds a control character other than tab or a line break. */
export function hasControlEscape(jsonText: string): boolean {
  if (CONTROL_IN_TEXT.test(jsonText)) return true;
  // matchAll works on a copy of the (global) pattern: nothing is shared between calls.
  for (const match of jsonText.matchAll(CONTROL_ESCAPE_IN_JSON)) {
    const written = match[0].slice(match[0].lastIndexOf("\\"));
    if (!TEXT_ESCAPES_ALLOWED.test(written)) return true;
  }
  return false;
}

function controlCharacters(c: Context) {
  return jsonError(c, 400, "CONTROL_CHARACTERS", "Text must not contain control characters (such as NUL).");
}
