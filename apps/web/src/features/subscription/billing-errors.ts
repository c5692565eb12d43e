import { ApiError, NetworkError } from "../../lib/api.ts";
import { type ErrorMessage, errorMessageFor } from "../../lib/error-message.ts";
import { MissingCheckoutUrlError } from "./billing-api.ts";

/** The subscription messages for a failed checkout or portal call. */
export function billingErrorMessage(error: unknown): ErrorMessage {
  if (error instanceof MissingCheckoutUrlError) return { key: "subscription:errors.stripeFailedToLoad" };
  if (error instanceof NetworkError) return { key: "subscription:errors.couldNotConnect" };
  if (error instanceof ApiError) {
    switch (error.code) {
      case "UNAUTHENTICATED":
        return { key: "subscription:errors.loginFirst" };
      case "STRIPE_UNREACHABLE":
        return { key: "subscription:errors.couldNotConnect" };
      case "STRIPE_ERROR":
        return { key: "subscription:errors.stripeError", values: { message: error.message } };
      case "ALREADY_SUBSCRIBED":
        return { key: "subscription:errors.alreadySubscribed" };
      case "NO_SUBSCRIPTION":
        return { key: "subscription:errors.noSubscription" };
      case "BILLING_DISABLED":
        return { key: "subscription:errors.billingDisabled" };
    }
  }
  return errorMessageFor(error);
}
