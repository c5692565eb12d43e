import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";

/** Who asked and through which API route: metered upstream calls are recorded with it. */
export interface RequestContext {
  /** "GET /api/portfolio", ids and addresses replaced by ":id". */
  endpoint: string;
  /** Known once the session is read (access/require-session.ts). */
  userId: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The route without the parts that name one record: ids, addresses, hashes. */
export function endpointOf(method: string, path: string): string {
  const generic = path
    .split("/")
    .map((part) => (/^(0x[0-9a-fA-F]+|[0-9a-f-]{16,}|\d+)$/.test(part) ? ":id" : part))
    .join("/");
  return `${method} ${generic}`;
}

export function requestContext(): MiddlewareHandler {
  return (c, next) => storage.run({ endpoint: endpointOf(c.req.method, c.req.path), userId: null }, next);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Called when the session names the user: the rest of the request's work is theirs. */
export function setRequestUser(userId: string): void {
  const store = storage.getStore();
  if (store) store.userId = userId;
}
