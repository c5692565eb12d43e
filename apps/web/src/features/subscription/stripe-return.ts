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

/** After a successful payment the webhook may land a moment later: /api/me is re-read this often, this long. */
export const ACTIVATION_POLL_MS = 2_000;
export const ACTIVATION_WAIT_MS = 60_000;

let awaitingUntil = 0;

export function startAwaitingActivation(now = Date.now()): void {
  awaitingUntil = now + ACTIVATION_WAIT_MS;
}

export function stopAwaitingActivation(): void {
  awaitingUntil = 0;
}

export function awaitingActivation(now = Date.now()): boolean {
  return now < awaitingUntil;
}
