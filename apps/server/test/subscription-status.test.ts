import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { readProfileStatus } from "../src/users/profile.ts";
import { confirmedUser } from "./support/accounts.ts";
import { type BillingTestServer, startBillingServer } from "./support/billing.ts";

const DAY = 86_400_000;
let t: BillingTestServer;

beforeAll(async () => {
  t = await startBillingServer({ env: { ADMIN_EMAILS: "owner@example.de" } });
});
afterAll(async () => {
  await t?.close();
});

const sql = (text: string, params: unknown[] = []) => t.running.database.pool.query(text, params);
const profile = async (id: string) => (await sql("select * from user_profiles where id = $1", [id])).rows[0];

/** The status table of docs/product/accounts-and-plans.md, row by row, with the test clock (commercial edition). */
describe("subscription status rules on /api/me", () => {
  it("a trial starts at e-mail confirmation and lasts 3 days; the days left are rounded up", async () => {
    const confirmedAt = t.clock.now().getTime();
    const user = await confirmedUser(t, "trial@example.de", "trialPass1");
    const me = await user.get("/api/me");
    expect(me.json.subscription).toMatchObject({ status: "trial", daysRemaining: 3, plan: "basic" });
    expect(me.json).toMatchObject({ edition: "commercial", access: "full", isAdmin: false });
    expect(me.json.billing).toEqual({
      hasCustomer: false,
      subscriptionStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect(Math.abs(new Date(me.json.subscription.trialEndsAt).getTime() - (confirmedAt + 3 * DAY))).toBeLessThan(5000);

    t.clock.advance(0.5 * DAY); // 2.5 days left -> 3
    expect((await user.get("/api/me")).json.subscription.daysRemaining).toBe(3);
    t.clock.advance(DAY); // 1.5 days left -> 2
    expect((await user.get("/api/me")).json.subscription.daysRemaining).toBe(2);
    t.clock.advance(1.4 * DAY); // 0.1 days left -> 1
    expect((await user.get("/api/me")).json.subscription).toMatchObject({ status: "trial", daysRemaining: 1 });

    // Lapsed: inactive, stored so, Basic with limited access.
    t.clock.advance(0.2 * DAY);
    const lapsed = await user.get("/api/me");
    expect(lapsed.json.subscription).toMatchObject({ status: "inactive", daysRemaining: 0, plan: "basic" });
    expect(lapsed.json.access).toBe("limited");
    expect((await profile(lapsed.json.user.id)).subscription_status).toBe("inactive");
    // Staying lapsed even if the clock were to go back: the stored status decides now.
    t.clock.advance(-DAY);
    expect((await user.get("/api/me")).json.subscription.status).toBe("inactive");
    t.clock.advance(DAY);
  });

  it("a trial without an end date gets one three days ahead", async () => {
    const user = await confirmedUser(t, "noend@example.de", "noendPass1");
    const id = (await user.get("/api/me")).json.user.id;
    await sql("update user_profiles set trial_ends_at = null where id = $1", [id]);
    const now = t.clock.now().getTime();
    const me = await user.get("/api/me");
    expect(me.json.subscription).toMatchObject({ status: "trial", daysRemaining: 3 });
    const stored = (await profile(id)).trial_ends_at as Date;
    expect(Math.abs(stored.getTime() - (now + 3 * DAY))).toBeLessThan(5000);
  });

  it("stored 'trialing' counts as a trial", async () => {
    const user = await confirmedUser(t, "trialing@example.de", "trialingPass1");
    const id = (await user.get("/api/me")).json.user.id;
    await sql("update user_profiles set subscription_status = 'trialing' where id = $1", [id]);
    expect((await user.get("/api/me")).json.subscription).toMatchObject({ status: "trial", daysRemaining: 3 });
  });

  it("no profile: one is created with a fresh 3-day trial", async () => {
    const user = await confirmedUser(t, "noprofile@example.de", "noprofilePass1");
    const id = (await user.get("/api/me")).json.user.id;
    await sql("delete from user_profiles where id = $1", [id]);
    const me = await user.get("/api/me");
    expect(me.json.subscription).toMatchObject({ status: "trial", daysRemaining: 3 });
    expect((await profile(id)).subscription_status).toBe("trial");
  });

  it("stored active is Premium (999 days); any other stored status is inactive", async () => {
    const user = await confirmedUser(t, "stored@example.de", "storedPass1");
    const id = (await user.get("/api/me")).json.user.id;
    await sql("update user_profiles set subscription_status = 'active' where id = $1", [id]);
    expect((await user.get("/api/me")).json).toMatchObject({
      subscription: { status: "active", daysRemaining: 999, plan: "premium" },
      access: "full",
    });
    await sql("update user_profiles set subscription_status = 'cancelled' where id = $1", [id]);
    expect((await user.get("/api/me")).json).toMatchObject({
      subscription: { status: "inactive", daysRemaining: 0, plan: "basic" },
      access: "limited",
    });
  });

  it("owner accounts from ADMIN_EMAILS are active with 999 days whatever is stored", async () => {
    const owner = await confirmedUser(t, "owner@example.de", "ownerPass1");
    const id = (await owner.get("/api/me")).json.user.id;
    await sql("update user_profiles set subscription_status = 'inactive' where id = $1", [id]);
    expect((await owner.get("/api/me")).json).toMatchObject({
      subscription: { status: "active", daysRemaining: 999, plan: "premium" },
      isAdmin: true,
      access: "full",
    });
  });

  it("a failed check reads inactive with 'Subscription check failed: {message}'", async () => {
    const failing = {
      select: () => {
        throw new Error("connection refused");
      },
    } as unknown as Db;
    const result = await readProfileStatus(failing, "usr_x", t.clock.now(), false);
    expect(result.subscription).toEqual({
      status: "inactive",
      daysRemaining: 0,
      trialEndsAt: null,
      plan: "basic",
      message: "Subscription check failed: connection refused",
    });
    expect(result.billing.hasCustomer).toBe(false);
  });
});
