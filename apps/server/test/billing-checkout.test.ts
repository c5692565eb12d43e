import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { type BillingTestServer, startBillingServer } from "./support/billing.ts";
import { HttpClient } from "./support/http-client.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: BillingTestServer;
beforeAll(async () => {
  t = await startBillingServer();
});
afterAll(async () => {
  await t?.close();
});

describe("POST /api/billing/checkout", () => {
  it("creates a subscription-mode Checkout Session at Stripe for the signed-in user", async () => {
    const user = await confirmedUser(t, "checkout@example.de", "checkoutPass1", "en");
    const userId = (await user.get("/api/me")).json.user.id;
    const res = await user.post("/api/billing/checkout", {});
    expect(res.status).toBe(200);
    const session = t.stripe.lastSession();
    expect(res.json).toEqual({ url: `${t.stripe.url}/c/pay/${session?.id}` });

    const call = t.stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(call?.authorization).toBe(`Bearer ${t.stripe.secretKey}`);
    expect(call?.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": t.stripe.priceId,
      "line_items[0][quantity]": "1",
      client_reference_id: userId,
      customer_email: "checkout@example.de",
      success_url: `${t.baseUrl}/?stripe_success=true`,
      cancel_url: `${t.baseUrl}/?stripe_cancel=true`,
      "metadata[userId]": userId,
      "subscription_data[metadata][userId]": userId,
      locale: "en",
    });
    // Creating a session changes nothing: the user is still on the trial.
    expect((await user.get("/api/me")).json.subscription.status).toBe("trial");
  });

  it("asks for a login first", async () => {
    const res = await new HttpClient(t.baseUrl).post("/api/billing/checkout", {});
    expect(res.status).toBe(401);
    expect(res.json.error).toEqual({ code: "UNAUTHENTICATED", message: "Please log in first" });
  });

  it("passes Stripe's message on (STRIPE_ERROR) and says when Stripe cannot be reached (STRIPE_UNREACHABLE)", async () => {
    const user = await confirmedUser(t, "errors@example.de", "errorsPass1");
    t.stripe.failNext(400, {
      error: {
        code: "resource_missing",
        message: "No such price: 'price_doesnotexist'",
        param: "line_items[0][price]",
        type: "invalid_request_error",
      },
    });
    const missing = await user.post("/api/billing/checkout", {});
    expect(missing.status).toBe(502);
    expect(missing.json.error).toEqual({ code: "STRIPE_ERROR", message: "No such price: 'price_doesnotexist'" });

    t.stripe.failNext(401, {
      error: { message: "Invalid API Key provided: sk_test_****WXYZ", type: "invalid_request_error" },
    });
    const badKey = await user.post("/api/billing/checkout", {});
    expect(badKey.json.error.code).toBe("STRIPE_ERROR");
    expect(badKey.json.error.message).not.toContain("sk_test");

    const down = await startTestServer({
      env: { ...t.stripe.env(), STRIPE_API_BASE: "http://127.0.0.1:9" },
    });
    try {
      const u2 = await confirmedUser(down, "down@example.de", "downPass12");
      const res = await u2.post("/api/billing/checkout", {});
      expect(res.status).toBe(502);
      expect(res.json.error).toEqual({ code: "STRIPE_UNREACHABLE", message: "Could not connect to Stripe" });
    } finally {
      await down.close();
    }
  });

  it("limits how many sessions one user opens", async () => {
    const user = await confirmedUser(t, "spam@example.de", "spamPass12");
    t.clock.startOfNextWindow(600);
    for (let i = 0; i < 10; i++) expect((await user.post("/api/billing/checkout", {})).status).toBe(200);
    const res = await user.post("/api/billing/checkout", {});
    expect(res.status).toBe(429);
    expect(res.json.error.code).toBe("TOO_MANY_REQUESTS");
  });

  it("refuses a second subscription, reuses the Stripe customer, and opens the customer portal", async () => {
    const user = await confirmedUser(t, "portal@example.de", "portalPass1");
    const noPortal = await user.post("/api/billing/portal", {});
    expect(noPortal.status).toBe(409);
    expect(noPortal.json.error.code).toBe("NO_SUBSCRIPTION");

    await user.post("/api/billing/checkout", {});
    const session = t.stripe.lastSession();
    await t.stripe.completeCheckout(session?.id as string);
    const me = await user.get("/api/me");
    expect(me.json.subscription.status).toBe("active");
    expect(me.json.billing.hasCustomer).toBe(true);

    const again = await user.post("/api/billing/checkout", {});
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("ALREADY_SUBSCRIBED");

    const portal = await user.post("/api/billing/portal", {});
    expect(portal.status).toBe(200);
    expect(portal.json.url).toMatch(new RegExp(`^${t.stripe.url}/p/session/bps_`));
    const call = t.stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1);
    expect(call?.form).toMatchObject({ customer: session?.customer, return_url: `${t.baseUrl}/settings` });

    // After the subscription ended, a new checkout goes to the same Stripe customer.
    await t.stripe.setSubscriptionStatus(session?.subscription as string, "canceled");
    expect((await user.get("/api/me")).json.subscription.status).toBe("inactive");
    expect((await user.post("/api/billing/checkout", {})).status).toBe(200);
    const second = t.stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(second?.form.customer).toBe(session?.customer);
    expect(second?.form.customer_email).toBeUndefined();
  });
});

describe("Community Edition (no STRIPE_SECRET_KEY)", () => {
  let c: TestServer;
  beforeAll(async () => {
    c = await startTestServer();
  });
  afterAll(async () => {
    await c?.close();
  });

  it("has no billing: every billing endpoint answers BILLING_DISABLED and everything is unlocked", async () => {
    const user = await confirmedUser(c, "community@example.de", "communityPass1");
    for (const path of ["/api/billing/checkout", "/api/billing/portal"]) {
      const res = await user.post(path, {});
      expect(res.status, path).toBe(404);
      expect(res.json.error.code).toBe("BILLING_DISABLED");
    }
    const hook = await new HttpClient(c.baseUrl).post("/api/billing/webhook", "{}", { "stripe-signature": "t=1,v1=x" });
    expect(hook.status).toBe(404);
    c.clock.advance(5 * 86_400_000);
    const me = await user.get("/api/me");
    expect(me.json).toMatchObject({
      edition: "community",
      access: "full",
      billing: null,
      subscription: { status: "inactive", plan: "basic" },
    });
    expect((await c.running.app.request("/api/config")).status).toBe(200);
  });
});
