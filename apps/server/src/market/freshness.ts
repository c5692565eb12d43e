import type { Freshness } from "@pulsemanager/core";
import type { Cached } from "./market-cache.ts";

/** One answer made of several cached parts: as old as its oldest part, stale when any part is. */
export function freshnessOf(parts: readonly Cached<unknown>[], now: Date): Freshness {
  const oldest = parts.reduce((a, b) => (b.asOf < a.asOf ? b : a));
  return {
    asOf: oldest.asOf.toISOString(),
    source: oldest.source,
    stale: parts.some((p) => p.stale),
    ageSeconds: Math.max(0, Math.floor((now.getTime() - oldest.asOf.getTime()) / 1000)),
  };
}
