import { MAX_EXPORT_BYTES } from "@pulsemanager/core";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { jsonError } from "./errors.ts";
import { isExportUpload } from "./export-upload.ts";

const DEFAULT_LIMIT = 256 * 1024;
/** A wallet report carries up to 10,000 manual entries: more than the API's usual limit. */
const REPORT_LIMIT = 4 * 1024 * 1024;
const REPORT_PATHS = /^\/api\/wallet-report(-direct)?(\/|$)/;
/** An exchange export may be up to 10 MB (core's MAX_EXPORT_BYTES); a little more, so the importer names the reason. */
const IMPORT_LIMIT = MAX_EXPORT_BYTES + 64 * 1024;

/**
 * The 413 answer of a body limit. The rest of the body is never read, so the connection closes:
 * else its bytes would be taken for the next request on a keep-alive connection.
 */
export function payloadTooLarge(message: string): NonNullable<Parameters<typeof bodyLimit>[0]["onError"]> {
  return (c) => {
    c.header("Connection", "close");
    return jsonError(c, 413, "PAYLOAD_TOO_LARGE", message);
  };
}

/** The largest request body each API route takes (413 PAYLOAD_TOO_LARGE beyond). */
export function apiBodyLimit(): MiddlewareHandler {
  const onError = payloadTooLarge("Request too large");
  const report = bodyLimit({ maxSize: REPORT_LIMIT, onError });
  const standard = bodyLimit({ maxSize: DEFAULT_LIMIT, onError });
  const imports = bodyLimit({ maxSize: IMPORT_LIMIT, onError });
  return (c, next) => {
    if (REPORT_PATHS.test(c.req.path)) return report(c, next);
    return isExportUpload(c.req.path, c.req.header("content-type")) ? imports(c, next) : standard(c, next);
  };
}
