import { randomBytes } from "node:crypto";

/**
 * Stripe objects as the real API answers them (shapes from docs.stripe.com/api and the
 * stripe/openapi fixtures, trimmed to the commonly used fields; API version 2025-03-31.basil
 * and later: the billing period lives on each subscription item).
 */

export const FAKE_API_VERSION = "2026-10-28.endive";

export function stripeId(prefix: string, length = 24): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  return `${prefix}_${[...bytes].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  subscription: string | null;
  success_url: string;
  ui_mode: "hosted";
  url: string | null;
  [key: string]: unknown;
}

export function checkoutSession(
  form: Record<string, string>,
  nowSeconds: number,
  pageUrl: (id: string) => string,
): CheckoutSession {
  const id = stripeId("cs_test", 58);
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: { enabled: false },
    allow_promotion_codes: null,
    amount_subtotal: 999,
    amount_total: 999,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: form.cancel_url ?? "",
    client_reference_id: form.client_reference_id ?? null,
    client_secret: null,
    created: nowSeconds,
    currency: "eur",
    customer: form.customer ?? null,
    customer_creation: form.customer ? null : "always",
    customer_details: form.customer_email ? { email: form.customer_email } : null,
    customer_email: form.customer_email ?? null,
    discounts: [],
    expires_at: nowSeconds + 24 * 3600,
    invoice: null,
    livemode: false,
    locale: form.locale ?? null,
    metadata: nested(form, "metadata"),
    mode: form.mode ?? "payment",
    payment_method_types: ["card"],
    payment_status: "unpaid",
    status: "open",
    subscription: null,
    success_url: form.success_url ?? "",
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: pageUrl(id),
  };
}

export interface Subscription {
  id: string;
  object: "subscription";
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: { object: "list"; data: Array<Record<string, unknown> & { current_period_end: number }> };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  start_date: number;
  status: string;
  [key: string]: unknown;
}

const PERIOD_SECONDS = 30 * 86_400;

export function subscription(
  customer: string,
  priceId: string,
  metadata: Record<string, string>,
  nowSeconds: number,
): Subscription {
  const id = stripeId("sub");
  return {
    id,
    object: "subscription",
    application: null,
    billing_cycle_anchor: nowSeconds,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: nowSeconds,
    currency: "eur",
    customer,
    default_payment_method: stripeId("pm"),
    ended_at: null,
    items: {
      object: "list",
      data: [
        {
          id: stripeId("si", 14),
          object: "subscription_item",
          created: nowSeconds,
          current_period_end: nowSeconds + PERIOD_SECONDS,
          current_period_start: nowSeconds,
          metadata: {},
          price: {
            id: priceId,
            object: "price",
            active: true,
            currency: "eur",
            product: "prod_PulseManagerPremium",
            recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
            type: "recurring",
            unit_amount: 999,
          },
          quantity: 1,
          subscription: id,
        },
      ],
    },
    latest_invoice: stripeId("in"),
    livemode: false,
    metadata,
    start_date: nowSeconds,
    status: "active",
    trial_end: null,
    trial_start: null,
  };
}

export function portalSession(
  customer: string,
  returnUrl: string,
  nowSeconds: number,
  pageUrl: (id: string) => string,
) {
  const id = stripeId("bps");
  return {
    id,
    object: "billing_portal.session",
    configuration: "bpc_FakeDefaultConfig01",
    created: nowSeconds,
    customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: pageUrl(id),
  };
}

export function invoice(sub: Subscription, nowSeconds: number) {
  return {
    id: stripeId("in"),
    object: "invoice",
    amount_due: 999,
    amount_paid: 0,
    attempt_count: 1,
    attempted: true,
    billing_reason: "subscription_cycle",
    created: nowSeconds,
    currency: "eur",
    customer: sub.customer,
    livemode: false,
    parent: { type: "subscription_details", subscription_details: { metadata: sub.metadata, subscription: sub.id } },
    status: "open",
  };
}

export function event(type: string, object: unknown, nowSeconds: number, previous?: Record<string, unknown>) {
  return {
    id: stripeId("evt"),
    object: "event",
    api_version: FAKE_API_VERSION,
    created: nowSeconds,
    data: previous ? { object, previous_attributes: previous } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export const errors = {
  wrongKey: (key: string) => ({
    error: {
      message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      type: "invalid_request_error",
    },
  }),
  noSuchPrice: (price: string) => ({
    error: {
      code: "resource_missing",
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
      message: `No such price: '${price}'`,
      param: "line_items[0][price]",
      type: "invalid_request_error",
    },
  }),
  noSuch: (kind: string, id: string) => ({
    error: {
      code: "resource_missing",
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
      message: `No such ${kind}: '${id}'`,
      param: "id",
      type: "invalid_request_error",
    },
  }),
  rateLimit: () => ({
    error: {
      code: "rate_limit",
      doc_url: "https://stripe.com/docs/error-codes/rate-limit",
      message: "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
      type: "invalid_request_error",
    },
  }),
};

/** `metadata[userId]=x` -> { userId: "x" } for one prefix of a form-encoded Stripe request. */
export function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`);
  for (const [key, value] of Object.entries(form)) {
    const m = re.exec(key);
    if (m?.[1]) out[m[1]] = value;
  }
  return out;
}
