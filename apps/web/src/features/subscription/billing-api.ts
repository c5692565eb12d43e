import type { BillingRedirect } from "@pulsemanager/core";
import { api } from "../../lib/api.ts";

/** The server answered without a usable Stripe page ('Stripe failed to load'). */
export class MissingCheckoutUrlError extends Error {
  constructor() {
    super("Stripe failed to load");
    this.name = "MissingCheckoutUrlError";
  }
}

async function redirectFrom(path: string): Promise<BillingRedirect> {
  // The schema (and the validation library) loads on the click, not with every signed-in page.
  const [{ billingRedirectSchema }, answer] = await Promise.all([
    import("@pulsemanager/core/subscription/billing-api"),
    api<unknown>(path, { method: "POST", body: {} }),
  ]);
  const parsed = billingRedirectSchema.safeParse(answer);
  if (!parsed.success) throw new MissingCheckoutUrlError();
  return parsed.data;
}

/**
 * The browser never loads Stripe.js and never sees a key: the server creates the
 * Checkout Session (or portal session) and the browser just goes to its URL.
 */
export const billingApi = {
  checkout: () => redirectFrom("/api/billing/checkout"),
  portal: () => redirectFrom("/api/billing/portal"),
};
