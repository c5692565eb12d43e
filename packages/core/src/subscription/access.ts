import type { EffectiveStatus } from "./status.ts";

/** Community Edition: no Stripe key, everything unlocked. Commercial: billing on. */
export type Edition = "community" | "commercial";
/** What the server lets a user do: everything, or the Basic plan. */
export type Access = "full" | "limited";

/** The error code of a request a Basic (limited) user may not make; the web app opens the subscription modal. */
export const PREMIUM_REQUIRED = "PREMIUM_REQUIRED";

/**
 * The one access decision server and web share: Community Edition unlocks everything;
 * otherwise Premium (active) and a running trial get full access, everyone else Basic.
 */
export function decideAccess(edition: Edition, status: EffectiveStatus): Access {
  if (edition === "community") return "full";
  return status === "active" || status === "trial" ? "full" : "limited";
}
