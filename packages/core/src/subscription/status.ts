export const TRIAL_DAYS = 3;
export const TRIAL_RECHECK_MS = 60_000;
export const PREMIUM_OVERRIDE_DAYS = 999;
const DAY_MS = 86_400_000;

export const STORED_SUBSCRIPTION_STATUSES = ["trial", "trialing", "active", "inactive"] as const;
export type StoredSubscriptionStatus = (typeof STORED_SUBSCRIPTION_STATUSES)[number];

export type EffectiveStatus = "trial" | "active" | "inactive";
export type Plan = "premium" | "basic";

export interface StoredProfile {
  subscriptionStatus: string;
  trialEndsAt: Date | null;
}

export interface StatusDecision {
  status: EffectiveStatus;
  daysRemaining: number;
  /** What must be written back to the profile, when anything. */
  update?: { subscriptionStatus?: StoredSubscriptionStatus; trialEndsAt?: Date | null };
}

export function trialEndFrom(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/** The status rules (docs/product/accounts-and-plans.md, "Status"), decided on the server with an injectable clock. */
export function decideSubscriptionStatus(
  profile: StoredProfile,
  now: Date,
  options: { isAdmin: boolean },
): StatusDecision {
  if (options.isAdmin) return { status: "active", daysRemaining: PREMIUM_OVERRIDE_DAYS };
  const stored = profile.subscriptionStatus;
  if (stored === "active") return { status: "active", daysRemaining: PREMIUM_OVERRIDE_DAYS };
  if (stored === "trial" || stored === "trialing") {
    if (!profile.trialEndsAt) {
      const trialEndsAt = trialEndFrom(now);
      return { status: "trial", daysRemaining: TRIAL_DAYS, update: { trialEndsAt } };
    }
    const leftMs = profile.trialEndsAt.getTime() - now.getTime();
    if (leftMs > 0) return { status: "trial", daysRemaining: Math.ceil(leftMs / DAY_MS) };
    return { status: "inactive", daysRemaining: 0, update: { subscriptionStatus: "inactive" } };
  }
  return { status: "inactive", daysRemaining: 0 };
}

export function planFor(status: EffectiveStatus): Plan {
  return status === "active" ? "premium" : "basic";
}
