import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The socket peer's address. */
export function peerIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The caller's address. Behind `trustedHops` reverse proxies each proxy appends the address it
 * saw to X-Forwarded-For, so the client is the entry that many places from the right; anything
 * further left was written by the client and proves nothing.
 */
export function clientIp(c: Context, trustedHops: number): string {
  if (trustedHops > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const client = entries[Math.max(0, entries.length - trustedHops)];
    if (client) return client;
  }
  return peerIp(c);
}

export function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}
