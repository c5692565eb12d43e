import type { BillingRedirect } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { readAccess } from "../access/plan-access.ts";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { userProfiles } from "../db/schema.ts";
import { jsonError } from "../http/errors.ts";
import { requestLanguage } from "../http/request-language.ts";
import { userOf } from "../http/session-user.ts";
import type { Logger } from "../logger.ts";
import type { FixedWindowLimiter } from "../rate-limit/fixed-window.ts";
import type { StripeClient, StripeSettings } from "./stripe-client.ts";
import { stripeFailure } from "./stripe-errors.ts";

export interface BillingRouteDeps {
  config: AppConfig;
  db: Db;
  stripe: StripeClient | null;
  settings: StripeSettings | null;
  limiter: FixedWindowLimiter;
  logger: Logger;
  now: () => Date;
}

/** Checkout Sessions a user may open per window (each one is a call to Stripe). */
const CHECKOUT_LIMIT = 10;
const CHECKOUT_WINDOW_SECONDS = 600;

/**
 * POST /api/billing/checkout and /api/billing/portal (signed in). Neither changes a
 * subscription: they only return a Stripe page to go to. The webhook is mounted separately.
 */
export function billingRoutes(deps: BillingRouteDeps) {
  const { config, stripe, settings, logger } = deps;
  const app = new Hono();
  if (!stripe || !settings) {
    const disabled = (c: Context) =>
      jsonError(c, 404, "BILLING_DISABLED", "Billing is not enabled on this server (Community Edition)");
    // The routes stay registered (the route table lists them) and answer that billing is off.
    app.post("/checkout", disabled);
    app.post("/portal", disabled);
    app.all("*", disabled);
    return app;
  }

  app.post("/checkout", async (c) => {
    const u = userOf(c);
    const hit = await deps.limiter.hit(`checkout:${u.id}`, CHECKOUT_WINDOW_SECONDS);
    if (hit.count > CHECKOUT_LIMIT) {
      return jsonError(c, 429, "TOO_MANY_REQUESTS", "Too many checkout attempts", {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
    }
    const { subscription, billing } = await readAccess(deps, u);
    if (subscription.status === "active") {
      return jsonError(c, 409, "ALREADY_SUBSCRIBED", "You already have Premium");
    }
    const customer = billing.hasCustomer ? await storedCustomer(deps, u.id) : null;
    try {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: settings.priceId, quantity: 1 }],
        client_reference_id: u.id,
        ...(customer ? { customer } : { customer_email: u.email }),
        success_url: `${config.appUrl}/?stripe_success=true`,
        cancel_url: `${config.appUrl}/?stripe_cancel=true`,
        metadata: { userId: u.id },
        subscription_data: { metadata: { userId: u.id } },
        locale: requestLanguage(c.req.raw),
      });
      if (!session.url) return jsonError(c, 502, "STRIPE_ERROR", "Stripe returned no checkout page");
      return c.json({ url: session.url } satisfies BillingRedirect);
    } catch (err) {
      return stripeFailure(c, err, logger, "checkout");
    }
  });

  app.post("/portal", async (c) => {
    const customer = await storedCustomer(deps, userOf(c).id);
    if (!customer) return jsonError(c, 409, "NO_SUBSCRIPTION", "There is no subscription to manage yet");
    try {
      const session = await stripe.billingPortal.sessions.create({
        customer,
        return_url: `${config.appUrl}/settings`,
        locale: requestLanguage(c.req.raw),
      });
      return c.json({ url: session.url } satisfies BillingRedirect);
    } catch (err) {
      return stripeFailure(c, err, logger, "portal");
    }
  });

  return app;
}

async function storedCustomer({ db }: BillingRouteDeps, userId: string): Promise<string | null> {
  const rows = await db
    .select({ customer: userProfiles.stripeCustomerId })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return rows[0]?.customer ?? null;
}
