import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const gzipAsync = promisify(gzip);
const MIN_BYTES = 1024;

/**
 * Gzips JSON answers of 1 KB and more for clients that accept it. Small answers (most of the API)
 * go out as they are: compressing them costs more than it saves.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Decided on the request first: looking into the answer makes the server give up its fast path.
    if (c.req.method === "HEAD" || !/\bgzip\b/i.test(c.req.header("accept-encoding") ?? "")) return;
    const res = c.res;
    if (res.headers.has("Content-Encoding") || !/^application\/json/i.test(res.headers.get("Content-Type") ?? ""))
      return;
    const text = await res.text();
    const headers = new Headers(res.headers);
    headers.append("Vary", "Accept-Encoding");
    if (Buffer.byteLength(text) < MIN_BYTES) {
      c.res = new Response(text, { status: res.status, headers });
      return;
    }
    headers.set("Content-Encoding", "gzip");
    headers.delete("Content-Length");
    c.res = new Response(new Uint8Array(await gzipAsync(text)), { status: res.status, headers });
  };
}
