import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccessDeps, hasFullAccess, requirePremium } from "../src/access/plan-access.ts";
import { loadConfig } from "../src/config.ts";
import { createDb } from "../src/db/client.ts";
import type { SessionEnv } from "../src/http/session-user.ts";
import { confirmedUser } from "./support/accounts.ts";
import { type BillingTestServer, startBillingServer } from "./support/billing.ts";
import type { HttpClient } from "./support/http-client.ts";

const DAY = 86_400_000;
let t: BillingTestServer;
beforeAll(async () => {
  t = await startBillingServer({ env: { ADMIN_EMAILS: "boss@example.de" } });
});
afterAll(async () => {
  await t?.close();
});

/**
 * A Premium endpoint as later features mount it: requireSession, then requirePremium.
 * The session part is stood in for with the real user read from /api/me.
 */
function premiumEndpoint(edition: "commercial" | "community") {
  const config = loadConfig({
    ADMIN_EMAILS: "boss@example.de",
    ...(edition === "commercial" ? t.stripe.env() : {}),
  });
  const deps: AccessDeps = { config, db: createDb(t.running.database.pool), now: t.clock.now };
  const app = new Hono<SessionEnv>();
  app.use("*", async (c, next) => {
    const me = JSON.parse(c.req.header("x-test-me") ?? "{}");
    c.set("user", { id: me.id, email: me.email, emailVerified: true, createdAt: new Date(me.createdAt) });
    await next();
  });
  app.get("/tax-report/export", requirePremium(deps), (c) => c.json({ csv: "..." }));
  return async (user: HttpClient) => {
    const me = (await user.get("/api/me")).json.user;
    const res = await app.request("/tax-report/export", { headers: { "x-test-me": JSON.stringify(me) } });
    return { status: res.status, json: (await res.json()) as any };
  };
}

describe("server-side gating (requirePremium)", () => {
  it("trial and Premium pass; a lapsed trial gets 403 PREMIUM_REQUIRED; the webhook unlocks again", async () => {
    const call = premiumEndpoint("commercial");
    const user = await confirmedUser(t, "gated@example.de", "gatedPass1");
    expect((await call(user)).status).toBe(200);

    t.clock.advance(3 * DAY + 1000);
    const refused = await call(user);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("PREMIUM_REQUIRED");
    expect(refused.json.error.message).toMatch(/Premium/);
    expect((await user.get("/api/me")).json.access).toBe("limited");

    expect((await user.post("/api/billing/checkout", {})).status).toBe(200);
    await t.stripe.completeCheckout(t.stripe.lastSession()?.id as string);
    expect((await call(user)).status).toBe(200);
    expect((await user.get("/api/me")).json.access).toBe("full");
  });

  it("the ROI tracker, its investments and the portfolio's ROI fields are Premium too", async () => {
    const config = loadConfig({ ADMIN_EMAILS: "boss@example.de", ...t.stripe.env() });
    const deps: AccessDeps = { config, db: createDb(t.running.database.pool), now: t.clock.now };
    const user = await confirmedUser(t, "roi.gated@example.de", "gatedPass1");
    const id = (await user.get("/api/me")).json.user.id as string;
    expect((await user.get("/api/investments")).status).toBe(200);
    expect(await hasFullAccess(deps, id)).toBe(true);
    t.clock.advance(3 * DAY + 1000);
    for (const path of ["/api/roi", "/api/investments"]) {
      const res = await user.get(path);
      expect(res.status, path).toBe(403);
      expect(res.json.error.code).toBe("PREMIUM_REQUIRED");
    }
    expect((await user.post("/api/investments", { name: "x" })).status).toBe(403);
    // The portfolio leaves its ROI fields empty for this user.
    expect(await hasFullAccess(deps, id)).toBe(false);
    expect(await hasFullAccess(deps, "no-such-user")).toBe(false);
  });

  it("owners always pass; on the Community Edition everybody passes", async () => {
    const boss = await confirmedUser(t, "boss@example.de", "bossPass12");
    const basic = await confirmedUser(t, "basic@example.de", "basicPass1");
    t.clock.advance(4 * DAY);
    expect((await premiumEndpoint("commercial")(boss)).status).toBe(200);
    expect((await premiumEndpoint("commercial")(basic)).status).toBe(403);
    expect((await premiumEndpoint("community")(basic)).status).toBe(200);
  });

  it("Basic users keep their account: /api/me, the data export and the settings calls stay open", async () => {
    const user = await confirmedUser(t, "keeps@example.de", "keepsPass1");
    t.clock.advance(4 * DAY);
    expect((await user.get("/api/me")).json.access).toBe("limited");
    expect((await user.get("/api/account/export")).status).toBe(200);
    expect(
      (await user.post("/api/auth/change-password", { currentPassword: "keepsPass1", newPassword: "keepsPass2" }))
        .status,
    ).toBe(200);
  });
});

describe("deleting an account ends its Stripe subscription", () => {
  it("cancels at Stripe before the account is gone", async () => {
    const user = await confirmedUser(t, "leaving@example.de", "leavingPass1");
    await user.post("/api/billing/checkout", {});
    const session = t.stripe.lastSession();
    await t.stripe.completeCheckout(session?.id as string);
    const subId = session?.subscription as string;
    expect(t.stripe.subscriptions.get(subId)?.status).toBe("active");

    const wrong = await user.post("/api/account/delete", { password: "nope12345" });
    expect(wrong.status).toBe(400);
    expect(t.stripe.subscriptions.get(subId)?.status).toBe("active");

    const ok = await user.post("/api/account/delete", { password: "leavingPass1" });
    expect(ok.status).toBe(200);
    expect(t.stripe.subscriptions.get(subId)?.status).toBe("canceled");
    expect(t.stripe.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subId}`)).toBe(true);
  });

  it("refuses the deletion when Stripe cannot be reached, so nobody pays for a deleted account", async () => {
    const user = await confirmedUser(t, "stuck@example.de", "stuckPass12");
    await user.post("/api/billing/checkout", {});
    await t.stripe.completeCheckout(t.stripe.lastSession()?.id as string);
    // More failures than the library retries.
    t.stripe.failNext(500, { error: { type: "api_error", message: "An unknown error occurred" } }, 5);
    const res = await user.post("/api/account/delete", { password: "stuckPass12" });
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe("STRIPE_UNREACHABLE");
    expect((await user.get("/api/me")).status).toBe(200);
  });
});
