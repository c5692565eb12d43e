import type { ReadFailureReason } from "@pulsemanager/core";
import { UpstreamError } from "../upstream/upstream-client.ts";

const RATE_LIMITED = /\b429\b|rate.?limit|too many requests|compute units/i;
const TIMEOUT = /timed? ?out|timeout|took too long/i;
const UNREACHABLE = /fetch failed|unreachable|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|socket|network/i;

/** The message of an error and of its causes (viem wraps the network's error in `cause` and `details`). */
function textOf(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === "string") {
      parts.push(current);
      break;
    }
    const e = current as { message?: unknown; details?: unknown; cause?: unknown };
    for (const part of [e.message, e.details]) if (typeof part === "string") parts.push(part);
    current = e.cause;
  }
  return parts.join(" ");
}

/** Why a chain or explorer read failed, in the words the page translates (an error or a problem text). */
export function readFailureReason(err: unknown): ReadFailureReason {
  if (err instanceof UpstreamError) {
    if (err.kind === "rate_limited") return "rate_limited";
    if (err.kind === "timeout") return "timeout";
    if (err.kind === "network") return "unreachable";
  }
  const text = textOf(err);
  if (RATE_LIMITED.test(text)) return "rate_limited";
  if (TIMEOUT.test(text)) return "timeout";
  if (UNREACHABLE.test(text)) return "unreachable";
  return "error";
}
