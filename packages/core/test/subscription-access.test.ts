import { describe, expect, it } from "vitest";
import {
  accessFromStripeStatus,
  decideAccess,
  decideSubscriptionStatus,
  profileUpdateForSubscription,
  type StripeSubscriptionFacts,
} from "../src/index.ts";

describe("access decision (server and web share it)", () => {
  it.each([
    ["community", "inactive", "full"],
    ["community", "trial", "full"],
    ["community", "active", "full"],
    ["commercial", "active", "full"],
    ["commercial", "trial", "full"],
    ["commercial", "inactive", "limited"],
  ] as const)("%s edition, status %s -> %s", (edition, status, access) => {
    expect(decideAccess(edition, status)).toBe(access);
  });

  it("a lapsed trial on the commercial edition becomes Basic (limited)", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const lapsed = decideSubscriptionStatus(
      { subscriptionStatus: "trial", trialEndsAt: new Date(now.getTime() - 1) },
      now,
      { isAdmin: false },
    );
    expect(decideAccess("commercial", lapsed.status)).toBe("limited");
    expect(decideAccess("community", lapsed.status)).toBe("full");
  });
});

describe("Stripe subscription status -> access", () => {
  it.each([
    ["active", "active"],
    ["trialing", "active"],
    ["past_due", "inactive"],
    ["unpaid", "inactive"],
    ["canceled", "inactive"],
    ["incomplete_expired", "inactive"],
    ["paused", "inactive"],
    ["incomplete", null],
    ["something_new", null],
  ])("%s -> %s", (status, expected) => {
    expect(accessFromStripeStatus(status)).toBe(expected);
  });
});

describe("applying a verified Stripe subscription to a profile", () => {
  const periodEnd = new Date("2026-04-10T12:00:00Z");
  const sub = (status: string, id = "sub_A"): StripeSubscriptionFacts => ({
    id,
    customerId: "cus_1",
    status,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
  });
  const stripeFields = (status: string, id = "sub_A") => ({
    stripeCustomerId: "cus_1",
    stripeSubscriptionId: id,
    stripeSubscriptionStatus: status,
    stripeCurrentPeriodEnd: periodEnd,
    stripeCancelAtPeriodEnd: false,
  });

  it("an active subscription makes a trial user Premium and clears the trial end", () => {
    expect(
      profileUpdateForSubscription({ subscriptionStatus: "trial", stripeSubscriptionId: null }, sub("active")),
    ).toEqual({ ...stripeFields("active"), subscriptionStatus: "active", trialEndsAt: null });
  });

  it("a cancelled or unpaid subscription takes Premium away", () => {
    for (const status of ["canceled", "past_due", "unpaid"]) {
      expect(
        profileUpdateForSubscription({ subscriptionStatus: "active", stripeSubscriptionId: "sub_A" }, sub(status)),
      ).toEqual({ ...stripeFields(status), subscriptionStatus: "inactive" });
    }
  });

  it("a failed first payment never ends the app's own trial", () => {
    expect(
      profileUpdateForSubscription(
        { subscriptionStatus: "trial", stripeSubscriptionId: null },
        sub("incomplete_expired"),
      ),
    ).toEqual(stripeFields("incomplete_expired"));
  });

  it("an incomplete subscription only records the Stripe facts", () => {
    expect(
      profileUpdateForSubscription({ subscriptionStatus: "inactive", stripeSubscriptionId: null }, sub("incomplete")),
    ).toEqual(stripeFields("incomplete"));
  });

  it("a late event about an old, cancelled subscription does not override the current one", () => {
    expect(
      profileUpdateForSubscription(
        { subscriptionStatus: "active", stripeSubscriptionId: "sub_B" },
        sub("canceled", "sub_A"),
      ),
    ).toBeNull();
  });

  it("a new active subscription replaces an old one", () => {
    expect(
      profileUpdateForSubscription(
        { subscriptionStatus: "inactive", stripeSubscriptionId: "sub_A" },
        sub("active", "sub_B"),
      ),
    ).toEqual({ ...stripeFields("active", "sub_B"), subscriptionStatus: "active", trialEndsAt: null });
  });
});
