import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
import type { ResolvedAddress } from "./public-address.ts";

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * A fetch that connects only to the given, already checked address (no second DNS lookup a
 * changed record could answer differently), over a fresh connection, and follows no redirect:
 * a 3xx comes back as it is, for the caller to check its target. TLS still verifies the URL's name.
 */
export function pinnedFetch(target: ResolvedAddress): typeof fetch {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  return ((input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      const transport = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
      if (!transport) return reject(new TypeError("only http and https are fetched"));
      const req = transport.request(url, {
        method: init?.method ?? "GET",
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        signal: init?.signal ?? undefined,
        lookup,
        agent: false,
      });
      req.on("error", reject);
      req.on("response", (res) => {
        try {
          resolve(toResponse(res));
        } catch (err) {
          res.destroy();
          reject(err);
        }
      });
      req.end();
    })) as typeof fetch;
}

function toResponse(res: http.IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, v);
  }
  const status = res.statusCode ?? 0;
  if (NULL_BODY_STATUS.has(status)) res.resume();
  const body = NULL_BODY_STATUS.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: res.statusMessage, headers });
}
