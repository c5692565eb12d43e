import type { StoredSubscriptionStatus } from "./status.ts";

/** Stripe's subscription statuses (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export type StripeSubscriptionStatus =
  | "incomplete"
  | "incomplete_expired"
  | "trialing"
  | "active"
  | "past_due"
  | "canceled"
  | "unpaid"
  | "paused";

/**
 * What a Stripe subscription status means for access: active/trialing grant Premium;
 * past_due, unpaid, canceled, incomplete_expired and paused take it away; incomplete
 * (the first payment is still being confirmed) and unknown values change nothing.
 */
export function accessFromStripeStatus(status: string): "active" | "inactive" | null {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
    case "canceled":
    case "incomplete_expired":
    case "paused":
      return "inactive";
    default:
      return null;
  }
}

/** The part of a profile a Stripe subscription is compared with. */
export interface BillingProfile {
  subscriptionStatus: string;
  stripeSubscriptionId: string | null;
}

/** The subscription as re-read from Stripe, reduced to what we store. */
export interface StripeSubscriptionFacts {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface ProfileBillingUpdate {
  subscriptionStatus?: StoredSubscriptionStatus;
  trialEndsAt?: null;
  stripeCustomerId: string;
  stripeSubscriptionId: string;
  stripeSubscriptionStatus: string;
  stripeCurrentPeriodEnd: Date | null;
  stripeCancelAtPeriodEnd: boolean;
}

/**
 * How a verified Stripe subscription changes a profile (null: not at all).
 * - active/trialing: Premium, the app trial ends (its date is cleared).
 * - a lapsed subscription takes Premium away, but never ends the app's own
 *   3-day trial (a failed first payment during the trial keeps the trial).
 * - an old subscription that no longer grants access cannot override the one
 *   the profile now follows (events arrive unordered).
 */
export function profileUpdateForSubscription(
  profile: BillingProfile,
  sub: StripeSubscriptionFacts,
): ProfileBillingUpdate | null {
  const access = accessFromStripeStatus(sub.status);
  const followsOther = profile.stripeSubscriptionId !== null && profile.stripeSubscriptionId !== sub.id;
  if (followsOther && access !== "active") return null;
  const update: ProfileBillingUpdate = {
    stripeCustomerId: sub.customerId,
    stripeSubscriptionId: sub.id,
    stripeSubscriptionStatus: sub.status,
    stripeCurrentPeriodEnd: sub.currentPeriodEnd,
    stripeCancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  };
  if (access === "active") return { ...update, subscriptionStatus: "active", trialEndsAt: null };
  if (access === "inactive" && profile.subscriptionStatus === "active") {
    return { ...update, subscriptionStatus: "inactive" };
  }
  return update;
}
