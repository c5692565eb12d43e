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

/** Headers a reverse proxy adds; a request that carries any of them came through one. */
const FORWARDING_HEADERS = /^(x-forwarded-.+|x-real-ip|forwarded|x-client-ip|true-client-ip|cf-connecting-ip)$/i;

export function carriesForwardingHeader(c: Context): boolean {
  return Object.keys(c.req.header()).some((name) => FORWARDING_HEADERS.test(name));
}

/** A caller on this machine that did not come through a proxy (a proxy on the same host is not local). */
export function isLocalCaller(c: Context): boolean {
  return !carriesForwardingHeader(c) && isLoopback(peerIp(c));
}
