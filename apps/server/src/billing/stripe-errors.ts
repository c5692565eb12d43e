import type { Context } from "hono";
import Stripe from "stripe";
import { jsonError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";

/**
 * A failed Stripe call, answered so the web app can show the spec's messages:
 * STRIPE_UNREACHABLE -> 'Could not connect to Stripe', STRIPE_ERROR -> 'Stripe Error: {message}'.
 * Errors about our own credentials are logged, not shown.
 */
export function stripeFailure(c: Context, err: unknown, logger: Logger, action: string) {
  const e = Stripe.errors;
  if (err instanceof e.StripeConnectionError) {
    logger.warn({ err: err.message, action }, "Stripe not reachable");
    return jsonError(c, 502, "STRIPE_UNREACHABLE", "Could not connect to Stripe");
  }
  if (err instanceof e.StripeAuthenticationError || err instanceof e.StripePermissionError) {
    logger.error({ err: err.message, action }, "Stripe refused the server's API key");
    return jsonError(c, 502, "STRIPE_ERROR", "Payment is not available right now (server configuration).");
  }
  if (err instanceof e.StripeError) {
    logger.error(
      { err: err.message, code: err.code, type: err.type, action, requestId: err.requestId },
      "Stripe error",
    );
    return jsonError(c, 502, "STRIPE_ERROR", err.message);
  }
  throw err;
}
