import { describe, expect, it } from "vitest";
import { decideSubscriptionStatus, planFor, trialEndFrom } from "../src/index.ts";

const now = new Date("2026-03-10T12:00:00Z");
const DAY = 86_400_000;
const at = (ms: number) => new Date(now.getTime() + ms);

describe("subscription status rules", () => {
  it.each([
    ["stored active", { subscriptionStatus: "active", trialEndsAt: null }, "active", 999, undefined],
    ["trial, 3 days left", { subscriptionStatus: "trial", trialEndsAt: at(3 * DAY) }, "trial", 3, undefined],
    [
      "trial, 2.1 days left rounds up",
      { subscriptionStatus: "trial", trialEndsAt: at(2.1 * DAY) },
      "trial",
      3,
      undefined,
    ],
    ["trial, 1 minute left", { subscriptionStatus: "trial", trialEndsAt: at(60_000) }, "trial", 1, undefined],
    ["trialing counts as trial", { subscriptionStatus: "trialing", trialEndsAt: at(DAY) }, "trial", 1, undefined],
    [
      "trial ended",
      { subscriptionStatus: "trial", trialEndsAt: at(-1) },
      "inactive",
      0,
      { subscriptionStatus: "inactive" },
    ],
    [
      "trial ends exactly now",
      { subscriptionStatus: "trial", trialEndsAt: at(0) },
      "inactive",
      0,
      { subscriptionStatus: "inactive" },
    ],
    ["stored inactive", { subscriptionStatus: "inactive", trialEndsAt: null }, "inactive", 0, undefined],
    ["unknown status", { subscriptionStatus: "cancelled", trialEndsAt: at(DAY) }, "inactive", 0, undefined],
  ])("%s", (_name, profile, status, days, update) => {
    const d = decideSubscriptionStatus(profile, now, { isAdmin: false });
    expect(d.status).toBe(status);
    expect(d.daysRemaining).toBe(days);
    expect(d.update).toEqual(update);
  });

  it("a trial without an end date gets one three days ahead", () => {
    const d = decideSubscriptionStatus({ subscriptionStatus: "trial", trialEndsAt: null }, now, { isAdmin: false });
    expect(d).toEqual({ status: "trial", daysRemaining: 3, update: { trialEndsAt: at(3 * DAY) } });
  });

  it("admins are active with 999 days whatever is stored", () => {
    const d = decideSubscriptionStatus({ subscriptionStatus: "inactive", trialEndsAt: null }, now, { isAdmin: true });
    expect(d).toEqual({ status: "active", daysRemaining: 999 });
  });

  it("plan label: active is Premium, anything else Basic", () => {
    expect(planFor("active")).toBe("premium");
    expect(planFor("trial")).toBe("basic");
    expect(planFor("inactive")).toBe("basic");
    expect(trialEndFrom(now)).toEqual(at(3 * DAY));
  });
});
