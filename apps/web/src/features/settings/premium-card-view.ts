import type { BillingView, MeResponse } from "@pulsemanager/core";

export type PremiumCardView =
  | { state: "community" }
  | {
      state: "active" | "trial" | "inactive";
      daysRemaining: number;
      /** 'Premium freischalten' (opens the subscription modal). */
      canUnlock: boolean;
      /** 'Abo verwalten' (Stripe customer portal): there is a Stripe customer. */
      canManage: boolean;
      renewsAt: string | null;
      endsAt: string | null;
      paymentFailed: boolean;
      checkFailed: string | null;
    };

const PAYMENT_FAILED = new Set(["past_due", "unpaid"]);

/** What the settings Premium card shows for a status (docs/product/accounts-and-plans.md, "Settings"). */
export function premiumCardView(
  subscription: MeResponse["subscription"],
  billing: BillingView | null,
  community: boolean,
): PremiumCardView {
  if (community) return { state: "community" };
  const { status } = subscription;
  const subscribed = status === "active" && billing?.subscriptionStatus != null;
  const periodEnd = subscribed ? (billing?.currentPeriodEnd ?? null) : null;
  return {
    state: status,
    daysRemaining: subscription.daysRemaining,
    canUnlock: status !== "active",
    canManage: billing?.hasCustomer ?? false,
    renewsAt: periodEnd && !billing?.cancelAtPeriodEnd ? periodEnd : null,
    endsAt: periodEnd && billing?.cancelAtPeriodEnd ? periodEnd : null,
    paymentFailed: status !== "active" && PAYMENT_FAILED.has(billing?.subscriptionStatus ?? ""),
    checkFailed: subscription.message ?? null,
  };
}
