import { UpstreamError } from "../../upstream/upstream-client.ts";

/** How deep a library's wrapped errors are looked into (viem wraps a failed request three or four times). */
const MAX_CAUSE_DEPTH = 12;

/**
 * True when an error, or any error it was caused by, is an RPC node that could not be asked (refused,
 * timed out, answered 5xx or rate-limited after every retry): the chain is unreachable just now, which
 * says nothing about the token or wallet that was asked for.
 */
export function isChainUnreachable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth++) {
    if (current instanceof UpstreamError && current.provider.startsWith("rpc-")) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}
