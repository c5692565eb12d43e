import { z } from "zod";

/** POST /api/billing/checkout and POST /api/billing/portal: where the browser goes next (a Stripe page). */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/** POST /api/billing/webhook answer (to Stripe). */
export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
export type WebhookAck = z.infer<typeof webhookAckSchema>;

/** The billing facts of /api/me (commercial edition only). */
export const billingViewSchema = z.object({
  /** A Stripe customer exists: the customer portal ('Abo verwalten') can be opened. */
  hasCustomer: z.boolean(),
  /** Stripe's status of the subscription the profile follows, e.g. "active", "past_due", "canceled". */
  subscriptionStatus: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type BillingView = z.infer<typeof billingViewSchema>;
