import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { type BillingTestServer, startBillingServer } from "./support/billing.ts";
import { event } from "./support/fake-stripe-objects.ts";
import type { HttpClient } from "./support/http-client.ts";

const DAY = 86_400_000;
let t: BillingTestServer;
beforeAll(async () => {
  t = await startBillingServer();
});
afterAll(async () => {
  await t?.close();
});

const sql = (text: string, params: unknown[] = []) => t.running.database.pool.query(text, params);
const profileOf = async (id: string) => (await sql("select * from user_profiles where id = $1", [id])).rows[0];
const eventCount = async () => Number((await sql("select count(*) as n from stripe_events")).rows[0].n);

/** Registers a user and opens a Checkout Session (as 'Subscribe Now' does); nothing is paid yet. */
async function userWithCheckout(email: string): Promise<{ user: HttpClient; id: string; sessionId: string }> {
  const user = await confirmedUser(t, email, "webhookPass1");
  const id = (await user.get("/api/me")).json.user.id;
  expect((await user.post("/api/billing/checkout", {})).status).toBe(200);
  return { user, id, sessionId: t.stripe.lastSession()?.id as string };
}

describe("POST /api/billing/webhook", () => {
  it("a signed checkout.session.completed makes the user Premium, after re-reading the subscription", async () => {
    const { user, id, sessionId } = await userWithCheckout("paid@example.de");
    const before = t.stripe.requests.length;
    const delivery = await t.stripe.completeCheckout(sessionId);
    expect(delivery).toMatchObject({ status: 200, body: { received: true } });
    const reads = t.stripe.requests
      .slice(before)
      .filter((r) => r.method === "GET" && r.path.startsWith("/v1/subscriptions/"));
    expect(reads.length).toBeGreaterThan(0);

    const me = await user.get("/api/me");
    const session = t.stripe.sessions.get(sessionId);
    expect(me.json.subscription).toMatchObject({
      status: "active",
      plan: "premium",
      daysRemaining: 999,
      trialEndsAt: null,
    });
    expect(me.json.access).toBe("full");
    expect(me.json.billing).toMatchObject({
      hasCustomer: true,
      subscriptionStatus: "active",
      cancelAtPeriodEnd: false,
    });
    const row = await profileOf(id);
    expect(row).toMatchObject({
      subscription_status: "active",
      trial_ends_at: null,
      stripe_customer_id: session?.customer,
      stripe_subscription_id: session?.subscription,
    });
    const sub = t.stripe.subscriptions.get(session?.subscription as string);
    expect((row.stripe_current_period_end as Date).getTime()).toBe(
      (sub?.items.data[0]?.current_period_end ?? 0) * 1000,
    );
  });

  it("a forged signature answers 400 and changes nothing", async () => {
    const { user, id, sessionId } = await userWithCheckout("forged@example.de");
    const session = t.stripe.sessions.get(sessionId);
    // An attacker claims the session was paid, pointing at a real active subscription of someone else.
    const someoneElse = [...t.stripe.subscriptions.values()][0];
    const payload = JSON.stringify({
      id: "evt_forged_0001",
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(t.clock.now().getTime() / 1000),
      data: {
        object: { ...session, status: "complete", subscription: someoneElse?.id, customer: someoneElse?.customer },
      },
      livemode: false,
      type: "checkout.session.completed",
    });
    const eventsBefore = await eventCount();
    const attempts: Array<[string, string | null]> = [
      ["wrong secret", t.stripe.signatureHeader(payload, { secret: "whsec_guessed_by_attacker" })],
      [
        "tampered signature",
        t.stripe.signatureHeader(payload).replace(/v1=([0-9a-f])/, (_m, c) => `v1=${c === "0" ? "1" : "0"}`),
      ],
      ["no v1 scheme", `t=${Math.floor(t.clock.now().getTime() / 1000)},v0=abc`],
      ["no header", null],
      [
        "too old (replayed after 5 minutes)",
        t.stripe.signatureHeader(payload, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 301 }),
      ],
      [
        "dated 10 minutes ahead",
        t.stripe.signatureHeader(payload, { timestamp: Math.floor(t.clock.now().getTime() / 1000) + 600 }),
      ],
      [
        "dated 2 days ahead",
        t.stripe.signatureHeader(payload, { timestamp: Math.floor(t.clock.now().getTime() / 1000) + 2 * 86_400 }),
      ],
    ];
    for (const [name, header] of attempts) {
      const res = await t.stripe.post(payload, header);
      expect(res.status, name).toBe(400);
      expect(res.body.error.code, name).toBe("INVALID_SIGNATURE");
    }
    // A body changed after signing fails too.
    const signed = t.stripe.signatureHeader(payload);
    const tampered = await t.stripe.post(
      payload.replace("checkout.session.completed", "checkout.session.completed "),
      signed,
    );
    expect(tampered.status).toBe(400);

    expect(await eventCount()).toBe(eventsBefore);
    expect((await user.get("/api/me")).json.subscription.status).toBe("trial");
    expect((await profileOf(id)).stripe_customer_id).toBeNull();
  });

  it("the signature is the library's scheme: the shared test vector verifies", () => {
    const payload = '{"id":"evt_test_webhook","object":"event"}';
    const header = "t=1735430400,v1=1cd838b5d9e3b2064b5f784dc2662ebbe97cddf2c04f433c8ac8b45ed9455014";
    expect(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_secret", timestamp: 1735430400 }),
    ).toBe(header);
    const event = Stripe.webhooks.constructEvent(payload, header, "whsec_test_secret", 0);
    expect(event.id).toBe("evt_test_webhook");
  });

  it("a redelivered event changes nothing twice and is not re-read from Stripe", async () => {
    const { user, id, sessionId } = await userWithCheckout("replay@example.de");
    const completed = await t.stripe.completeCheckout(sessionId);
    const after = await profileOf(id);
    const events = await eventCount();
    const reads = t.stripe.requests.length;

    // Meanwhile the user cancelled and the row says inactive; an old "paid" event comes again.
    await sql("update user_profiles set subscription_status = 'inactive', updated_at = now() where id = $1", [id]);
    t.clock.advance(60_000);
    const again = await t.stripe.post(completed.payload, t.stripe.signatureHeader(completed.payload));
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await eventCount()).toBe(events);
    expect(t.stripe.requests.length).toBe(reads);
    expect((await user.get("/api/me")).json.subscription.status).toBe("inactive");

    // The same new event delivered twice at once: processed once, the other answer says duplicate.
    const sub = t.stripe.subscriptions.get(after.stripe_subscription_id as string);
    const fresh = event("customer.subscription.updated", sub, Math.floor(t.clock.now().getTime() / 1000));
    const payload = JSON.stringify(fresh);
    const header = t.stripe.signatureHeader(payload);
    const both = await Promise.all([t.stripe.post(payload, header), t.stripe.post(payload, header)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.filter((r) => r.body.duplicate === true)).toHaveLength(1);
    expect(Number((await sql("select count(*) as n from stripe_events where id = $1", [fresh.id])).rows[0].n)).toBe(1);
    expect((await user.get("/api/me")).json.subscription.status).toBe("active");
  });

  it("cancellation: still Premium until the period ends (portal), then inactive on customer.subscription.deleted", async () => {
    const { user, sessionId } = await userWithCheckout("cancel@example.de");
    await t.stripe.completeCheckout(sessionId);
    const subId = t.stripe.sessions.get(sessionId)?.subscription as string;
    const sub = t.stripe.subscriptions.get(subId);
    if (!sub) throw new Error("no subscription");
    Object.assign(sub, { cancel_at_period_end: true, cancel_at: sub.items.data[0]?.current_period_end });
    await t.stripe.send("customer.subscription.updated", sub, { cancel_at_period_end: false });
    const pending = await user.get("/api/me");
    expect(pending.json.subscription.status).toBe("active");
    expect(pending.json.billing).toMatchObject({ cancelAtPeriodEnd: true, subscriptionStatus: "active" });

    t.clock.advance(30 * DAY);
    const deleted = await t.stripe.setSubscriptionStatus(subId, "canceled");
    expect(deleted.status).toBe(200);
    const me = await user.get("/api/me");
    expect(me.json.subscription).toMatchObject({ status: "inactive", plan: "basic" });
    expect(me.json.access).toBe("limited");
    expect(me.json.billing.subscriptionStatus).toBe("canceled");
  });

  it("a failed renewal payment (invoice.payment_failed) makes the user inactive; paying again reactivates", async () => {
    const { user, sessionId } = await userWithCheckout("dunning@example.de");
    await t.stripe.completeCheckout(sessionId);
    const subId = t.stripe.sessions.get(sessionId)?.subscription as string;
    const failed = await t.stripe.failRenewal(subId);
    expect(failed.status).toBe(200);
    expect((await user.get("/api/me")).json).toMatchObject({
      subscription: { status: "inactive" },
      billing: { subscriptionStatus: "past_due", hasCustomer: true },
    });
    await t.stripe.setSubscriptionStatus(subId, "active");
    expect((await user.get("/api/me")).json.subscription.status).toBe("active");
  });

  it("a Stripe outage while re-reading answers 502 (Stripe retries) and records nothing; the retry applies", async () => {
    const { user, sessionId } = await userWithCheckout("retry@example.de");
    const events = await eventCount();
    t.stripe.failSubscriptionReads(100);
    const [created, completed] = await t.stripe.completeCheckout(sessionId).then(() => t.stripe.deliveries.slice(-2));
    t.stripe.failSubscriptionReads(0);
    expect(created?.status).toBe(502);
    expect(completed?.status).toBe(502);
    expect(completed?.body.error.code).toBe("STRIPE_UNREACHABLE");
    expect(await eventCount()).toBe(events);
    expect((await user.get("/api/me")).json.subscription.status).toBe("trial");

    // Stripe delivers again later (same event, new signature time): now it applies.
    t.clock.advance(3_600_000);
    const payload = completed?.payload as string;
    const retry = await t.stripe.post(payload, t.stripe.signatureHeader(payload));
    expect(retry).toEqual({ status: 200, body: { received: true } });
    expect((await user.get("/api/me")).json.subscription.status).toBe("active");
  });

  it("events about other things, or unknown subscriptions, are acknowledged and change nothing", async () => {
    const other = await t.stripe.send("customer.created", { id: "cus_Other", object: "customer" });
    expect(other.status).toBe(200);
    const unknown = await t.stripe.send("customer.subscription.updated", {
      id: "sub_doesnotexist",
      object: "subscription",
      customer: "cus_nobody",
      status: "active",
      metadata: {},
    });
    expect(unknown).toMatchObject({ status: 200, body: { received: true } });
    const rows = await sql("select count(*) as n from user_profiles where stripe_subscription_id = 'sub_doesnotexist'");
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  it("no request the browser can make turns a user active; only the verified webhook does", async () => {
    const { user, id } = await userWithCheckout("sneaky@example.de");
    t.clock.advance(4 * DAY);
    expect((await user.get("/api/me")).json.subscription.status).toBe("inactive");
    const attempts: Array<[string, string, unknown]> = [
      ["GET", "/?stripe_success=true", undefined],
      ["GET", "/api/me?stripe_success=true", undefined],
      ["POST", "/api/me", { subscription: { status: "active" } }],
      ["POST", "/api/billing/checkout", { status: "active", price: "price_free" }],
      ["POST", "/api/billing/portal", {}],
      [
        "POST",
        "/api/billing/webhook",
        { type: "checkout.session.completed", data: { object: { client_reference_id: id } } },
      ],
      ["POST", "/api/billing/success", {}],
      ["POST", "/api/billing/sync", {}],
      ["POST", "/api/account/profile", { subscriptionStatus: "active" }],
    ];
    for (const [method, path, body] of attempts) {
      await user.request(method, path, body);
    }
    const me = await user.get("/api/me");
    expect(me.json.subscription.status).toBe("inactive");
    expect(me.json.access).toBe("limited");
    expect((await profileOf(id)).subscription_status).toBe("inactive");
  });
});
