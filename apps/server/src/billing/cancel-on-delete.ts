import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "../db/client.ts";
import { userProfiles } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { StripeClient } from "./stripe-client.ts";

/**
 * Before an account is deleted: end its Stripe subscription at once, so nobody keeps paying
 * for an account that no longer exists. If Stripe cannot be reached the deletion is refused
 * (502 STRIPE_UNREACHABLE) and can be tried again.
 */
export function cancelSubscriptionBeforeDelete(deps: { db: Db; stripe: StripeClient | null; logger: Logger }) {
  return async (userId: string): Promise<void> => {
    if (!deps.stripe) return;
    const [profile] = await deps.db
      .select({ id: userProfiles.stripeSubscriptionId, status: userProfiles.stripeSubscriptionStatus })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId));
    if (!profile?.id || profile.status === "canceled" || profile.status === "incomplete_expired") return;
    try {
      await deps.stripe.subscriptions.cancel(profile.id);
      deps.logger.info({ userId, subscription: profile.id }, "subscription cancelled with the account");
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return;
      deps.logger.error(
        { err: err instanceof Error ? err.message : String(err), userId },
        "cancel before delete failed",
      );
      throw new APIError("BAD_GATEWAY", {
        code: "STRIPE_UNREACHABLE",
        message: "The subscription could not be cancelled at Stripe; the account was not deleted. Please try again.",
      });
    }
  };
}
