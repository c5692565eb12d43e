/** Flags on the root path when the browser comes back from Stripe Checkout. */
export const STRIPE_SUCCESS_FLAG = "stripe_success";
export const STRIPE_CANCEL_FLAG = "stripe_cancel";

export type StripeReturn = "success" | "cancel" | null;

export function stripeReturnOf(search: string): StripeReturn {
  const params = new URLSearchParams(search);
  if (params.has(STRIPE_SUCCESS_FLAG)) return "success";
  if (params.has(STRIPE_CANCEL_FLAG)) return "cancel";
  return null;
}

/** The query string without the Stripe flags ("" when nothing else was there). */
export function withoutStripeFlags(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(STRIPE_SUCCESS_FLAG);
  params.delete(STRIPE_CANCEL_FLAG);
  params.delete("session_id");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
