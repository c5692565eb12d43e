import type { StripeSubscriptionFacts } from "@pulsemanager/core";
import type Stripe from "stripe";

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

/**
 * The facts we keep from a subscription re-read from Stripe. Since API 2025-03-31.basil the
 * period lives on each item; older versions had it on the subscription, read as a fallback.
 */
export function subscriptionFacts(sub: Stripe.Subscription): StripeSubscriptionFacts {
  const itemEnds = (sub.items?.data ?? []).map((item) => item.current_period_end).filter((n) => Number.isFinite(n));
  const legacyEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  const end = itemEnds.length > 0 ? Math.max(...itemEnds) : legacyEnd;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? "",
    status: sub.status,
    currentPeriodEnd: typeof end === "number" ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
  };
}

/** What an event tells us about whose subscription it is, before anything is re-read. */
export interface EventHints {
  subscriptionId: string | null;
  customerId: string | null;
  userId: string | null;
}

function metadataUserId(obj: Record<string, unknown>): string | null {
  const metadata = obj.metadata as Record<string, unknown> | null | undefined;
  const value = metadata?.userId ?? metadata?.user_id;
  return typeof value === "string" && value !== "" ? value : null;
}

export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
]);

/** Reads the subscription, customer and our user id from the event's object (parsed leniently). */
export function eventHints(event: Stripe.Event): EventHints {
  const obj = event.data.object as unknown as Record<string, unknown>;
  const ref = (value: unknown) => idOf(value as string | { id: string } | null | undefined);
  switch (event.type) {
    case "checkout.session.completed": {
      const clientRef = obj.client_reference_id;
      return {
        subscriptionId: ref(obj.subscription),
        customerId: ref(obj.customer),
        userId: typeof clientRef === "string" && clientRef !== "" ? clientRef : metadataUserId(obj),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { subscriptionId: ref(obj.id), customerId: ref(obj.customer), userId: metadataUserId(obj) };
    case "invoice.payment_failed": {
      const parent = obj.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
      return {
        subscriptionId: ref(parent?.subscription_details?.subscription ?? obj.subscription),
        customerId: ref(obj.customer),
        userId: null,
      };
    }
    default:
      return { subscriptionId: null, customerId: null, userId: null };
  }
}
