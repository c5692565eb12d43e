import { profileUpdateForSubscription } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import Stripe from "stripe";
import type { Db } from "../db/client.ts";
import { stripeEvents, user, userProfiles } from "../db/schema.ts";
import { payloadTooLarge } from "../http/body-limit.ts";
import { jsonError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import type { StripeClient, StripeSettings } from "./stripe-client.ts";
import { type EventHints, eventHints, HANDLED_EVENTS, subscriptionFacts } from "./subscription-facts.ts";

export interface WebhookDeps {
  db: Db;
  stripe: StripeClient | null;
  settings: StripeSettings | null;
  logger: Logger;
  now: () => Date;
}

/** The clock skew allowed for a signature dated ahead: Stripe's own check refuses only old ones. */
const FUTURE_SKEW_MS = 5 * 60_000;

function signedAhead(signatureHeader: string, now: Date): boolean {
  const seconds = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1] ?? Number.NaN);
  return !Number.isFinite(seconds) || seconds * 1000 > now.getTime() + FUTURE_SKEW_MS;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * POST /api/billing/webhook: the only way a subscription becomes active. No session; the raw
 * body is verified against the Stripe-Signature header, the subscription is re-read from Stripe,
 * and each event id is processed once (a redelivery answers 200 and changes nothing).
 */
export function webhookRoutes(deps: WebhookDeps) {
  const { db, stripe, settings, logger, now } = deps;
  const app = new Hono();
  app.use("*", bodyLimit({ maxSize: 1024 * 1024, onError: payloadTooLarge("Event too large") }));

  app.post("/", async (c) => {
    if (!stripe || !settings) return jsonError(c, 404, "BILLING_DISABLED", "Billing is not enabled on this server");
    const signature = c.req.header("stripe-signature");
    if (!signature) return jsonError(c, 400, "INVALID_SIGNATURE", "Missing Stripe-Signature header");
    const raw = new Uint8Array(await c.req.arrayBuffer());
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        raw,
        signature,
        settings.webhookSecret,
        undefined,
        undefined,
        now().getTime(),
      );
      if (signedAhead(signature, now())) throw new Error("signature dated ahead of this server's clock");
    } catch (err) {
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, "Stripe webhook with a bad signature");
      return jsonError(c, 400, "INVALID_SIGNATURE", "Webhook signature verification failed");
    }

    if (await alreadyProcessed(db, event.id)) return c.json({ received: true, duplicate: true });
    const hints = eventHints(event);
    const subscription = await rereadSubscription(stripe, event, hints, logger);
    if (subscription === "unreachable")
      return jsonError(c, 502, "STRIPE_UNREACHABLE", "Could not re-read the subscription from Stripe");
    const duplicate = await recordEvent(deps, event, hints, subscription);
    return c.json(duplicate ? { received: true, duplicate: true } : { received: true });
  });

  return app;
}

/** What Stripe says now about the event's subscription (none for an event not handled or an unknown one). */
interface SubscriptionReread {
  facts: ReturnType<typeof subscriptionFacts> | null;
  /** The user id we gave the subscription at checkout (its metadata), or null. */
  userId: string | null;
}

/**
 * Re-reads the subscription a handled event names. "unreachable" when Stripe could not be asked: the event is
 * not recorded as processed, so Stripe delivers it again later.
 */
async function rereadSubscription(
  stripe: StripeClient,
  event: Stripe.Event,
  hints: EventHints,
  logger: Logger,
): Promise<SubscriptionReread | "unreachable"> {
  if (!HANDLED_EVENTS.has(event.type) || !hints.subscriptionId) return { facts: null, userId: null };
  try {
    const sub = await stripe.subscriptions.retrieve(hints.subscriptionId);
    const meta = sub.metadata ?? {};
    return { facts: subscriptionFacts(sub), userId: meta.userId || meta.user_id || null };
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)) {
      // Stripe retries the delivery later (it is not recorded as processed).
      logger.error({ err: err instanceof Error ? err.message : String(err), eventId: event.id }, "re-read failed");
      return "unreachable";
    }
    logger.warn({ eventId: event.id, subscription: hints.subscriptionId }, "event names an unknown subscription");
    return { facts: null, userId: null };
  }
}

/**
 * Records the event once and applies the subscription's facts to its user's profile, in one transaction.
 * True when another delivery of the event was recorded first (a duplicate).
 */
async function recordEvent(
  { db, logger, now }: WebhookDeps,
  event: Stripe.Event,
  hints: EventHints,
  subscription: SubscriptionReread,
): Promise<boolean> {
  const { facts } = subscription;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, stripeCreatedAt: new Date(event.created * 1000), processedAt: now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return true;
    if (!facts) return false;
    const userId = await findUser(tx, { ...hints, userId: hints.userId ?? subscription.userId }, facts.customerId);
    if (!userId) {
      logger.warn({ eventId: event.id, type: event.type }, "Stripe event for no known user");
      return false;
    }
    const [profile] = await tx.select().from(userProfiles).where(eq(userProfiles.id, userId)).for("update");
    if (!profile) return false;
    const newCustomer = profile.stripeCustomerId !== facts.customerId;
    if (newCustomer && (await customerTakenByOther(tx, facts.customerId, userId))) {
      logger.error({ eventId: event.id, userId }, "Stripe customer already belongs to another user");
      return false;
    }
    const update = profileUpdateForSubscription(profile, facts);
    if (update) {
      await tx
        .update(userProfiles)
        .set({ ...update, updatedAt: now() })
        .where(eq(userProfiles.id, userId));
    }
    await tx.update(stripeEvents).set({ userId }).where(eq(stripeEvents.id, event.id));
    logger.info(
      { eventId: event.id, type: event.type, userId, stripeStatus: facts.status, status: update?.subscriptionStatus },
      "Stripe event applied",
    );
    return false;
  });
}

async function alreadyProcessed(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return rows.length > 0;
}

/** Our user for an event: the id we sent to Stripe, else the profile that follows the subscription or customer. */
async function findUser(tx: Tx, hints: EventHints, customerId: string): Promise<string | null> {
  if (hints.userId) {
    const rows = await tx.select({ id: user.id }).from(user).where(eq(user.id, hints.userId));
    if (rows[0]) return rows[0].id;
  }
  if (hints.subscriptionId) {
    const rows = await tx
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.stripeSubscriptionId, hints.subscriptionId));
    if (rows[0]) return rows[0].id;
  }
  const customer = customerId || hints.customerId;
  if (customer) {
    const rows = await tx
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.stripeCustomerId, customer));
    if (rows[0]) return rows[0].id;
  }
  return null;
}

async function customerTakenByOther(tx: Tx, customerId: string, userId: string): Promise<boolean> {
  if (!customerId) return false;
  const rows = await tx
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.stripeCustomerId, customerId));
  return rows.some((r) => r.id !== userId);
}
