import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decideAccess, type MeResponse, TRIAL_RECHECK_MS } from "@pulsemanager/core";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../src/app/query-client.ts";
import { subscriptionCloseTarget } from "../src/app/subscription/close-target.ts";
import { premiumCardView } from "../src/features/settings/premium-card-view.ts";
import { MissingCheckoutUrlError } from "../src/features/subscription/billing-api.ts";
import { billingErrorMessage } from "../src/features/subscription/billing-errors.ts";
import {
  isPremiumRequired,
  notifyPremiumRequired,
  onPremiumRequired,
} from "../src/features/subscription/premium-required.ts";
import { stripeReturnOf, withoutStripeFlags } from "../src/features/subscription/stripe-return.ts";
import { shouldPromptToSubscribe } from "../src/features/subscription/subscribe-prompt.ts";
import { ApiError, NetworkError } from "../src/lib/api.ts";
import { ME_QUERY_KEY } from "../src/lib/boot-query-keys.ts";
import { noteAppLoad, tabShowedAppBefore } from "../src/lib/tab-history.ts";
import {
  ACTIVATION_POLL_MS,
  ACTIVATION_WAIT_MS,
  awaitingActivation,
  startAwaitingActivation,
  stopAwaitingActivation,
} from "../src/state/session/activation.ts";
import { meRefetchInterval } from "../src/state/session/me-query.ts";
import { accessStateOf } from "../src/state/session/use-access.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
function text(lang: string, nsKey: string): unknown {
  const [ns, key] = nsKey.includes(":") ? (nsKey.split(":", 2) as [string, string]) : ["common", nsKey];
  const catalogue = JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8"));
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

const apiError = (status: number, code: string, message = `server says ${code}`) =>
  new ApiError(status, code, message, { code, message });

function me(
  status: "trial" | "active" | "inactive",
  edition: "community" | "commercial" = "commercial",
  billing: MeResponse["billing"] = null,
): MeResponse {
  return {
    user: { id: "u1", email: "max@example.com", emailVerified: true, createdAt: "2025-01-01T00:00:00Z" },
    subscription: {
      status,
      daysRemaining: status === "trial" ? 2 : status === "active" ? 999 : 0,
      trialEndsAt: null,
      plan: status === "active" ? "premium" : "basic",
    },
    isAdmin: false,
    edition,
    access: decideAccess(edition, status),
    billing,
  };
}

describe("checkout and portal errors", () => {
  it.each([
    [
      apiError(401, "UNAUTHENTICATED"),
      "subscription:errors.loginFirst",
      "Please log in first",
      "Bitte melde dich zuerst an",
    ],
    [
      new NetworkError(new TypeError("Failed to fetch")),
      "subscription:errors.couldNotConnect",
      "Could not connect to Stripe",
      null,
    ],
    [apiError(502, "STRIPE_UNREACHABLE"), "subscription:errors.couldNotConnect", "Could not connect to Stripe", null],
    [new MissingCheckoutUrlError(), "subscription:errors.stripeFailedToLoad", "Stripe failed to load", null],
    [apiError(409, "ALREADY_SUBSCRIBED"), "subscription:errors.alreadySubscribed", null, null],
    [apiError(409, "NO_SUBSCRIPTION"), "subscription:errors.noSubscription", null, null],
    [apiError(404, "BILLING_DISABLED"), "subscription:errors.billingDisabled", null, null],
  ])("%s -> %s", (error, key, en, de) => {
    expect(billingErrorMessage(error)).toEqual({ key });
    expect(typeof text("en", key)).toBe("string");
    expect(typeof text("de", key)).toBe("string");
    if (en) expect(text("en", key)).toBe(en);
    if (de) expect(text("de", key)).toBe(de);
  });

  it("'Stripe Error: {message}' carries Stripe's own message", () => {
    const message = billingErrorMessage(apiError(502, "STRIPE_ERROR", "No such price: 'price_x'"));
    expect(message).toEqual({
      key: "subscription:errors.stripeError",
      values: { message: "No such price: 'price_x'" },
    });
    expect(text("en", "subscription:errors.stripeError")).toBe("Stripe Error: {{message}}");
    expect(text("de", "subscription:errors.stripeError")).toContain("{{message}}");
  });

  it("other errors fall back to the general messages", () => {
    expect(billingErrorMessage(apiError(429, "TOO_MANY_REQUESTS"))).toEqual({ key: "apiErrors.TOO_MANY_REQUESTS" });
  });
});

describe("403 PREMIUM_REQUIRED opens the subscription modal", () => {
  it("recognises the refusal and tells every listener", () => {
    expect(isPremiumRequired(apiError(403, "PREMIUM_REQUIRED"))).toBe(true);
    expect(isPremiumRequired(apiError(403, "FORBIDDEN"))).toBe(false);
    expect(isPremiumRequired(new Error("PREMIUM_REQUIRED"))).toBe(false);
    let calls = 0;
    const off = onPremiumRequired(() => calls++);
    notifyPremiumRequired();
    off();
    notifyPremiumRequired();
    expect(calls).toBe(1);
  });
});

describe("the query client reports refused calls", () => {
  it("a query or mutation answered 403 PREMIUM_REQUIRED opens the modal and re-reads /api/me", async () => {
    const client = createQueryClient();
    let opened = 0;
    const off = onPremiumRequired(() => opened++);
    client.setQueryData(ME_QUERY_KEY, me("trial"));
    await client
      .fetchQuery({
        queryKey: ["tax-report"],
        queryFn: () => Promise.reject(apiError(403, "PREMIUM_REQUIRED")),
        retry: false,
      })
      .catch(() => undefined);
    expect(opened).toBe(1);
    expect(client.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(apiError(403, "PREMIUM_REQUIRED")) })
      .execute(undefined)
      .catch(() => undefined);
    expect(opened).toBe(2);
    await client
      .fetchQuery({ queryKey: ["other"], queryFn: () => Promise.reject(apiError(403, "FORBIDDEN")), retry: false })
      .catch(() => undefined);
    expect(opened).toBe(2);
    off();
    client.clear();
  });
});

describe("return from Stripe Checkout", () => {
  afterEach(() => stopAwaitingActivation());

  it("reads the flags and removes them from the query string", () => {
    expect(stripeReturnOf("?stripe_success=true")).toBe("success");
    expect(stripeReturnOf("?stripe_cancel=true")).toBe("cancel");
    expect(stripeReturnOf("")).toBeNull();
    expect(stripeReturnOf("?tab=x")).toBeNull();
    expect(withoutStripeFlags("?stripe_success=true")).toBe("");
    expect(withoutStripeFlags("?stripe_success=true&session_id=cs_1")).toBe("");
    expect(withoutStripeFlags("?stripe_cancel=true&tab=x")).toBe("?tab=x");
  });

  it("after a payment /api/me is re-read every 2 s until active, for at most a minute", () => {
    const t0 = 1_000_000;
    expect(meRefetchInterval(me("inactive"), t0)).toBe(false);
    startAwaitingActivation(t0);
    expect(awaitingActivation(t0 + 1)).toBe(true);
    expect(meRefetchInterval(me("inactive"), t0 + 1)).toBe(ACTIVATION_POLL_MS);
    expect(meRefetchInterval(me("trial"), t0 + 1)).toBe(ACTIVATION_POLL_MS);
    expect(meRefetchInterval(me("active"), t0 + 1)).toBe(false);
    expect(meRefetchInterval(me("trial"), t0 + ACTIVATION_WAIT_MS)).toBe(TRIAL_RECHECK_MS);
    expect(meRefetchInterval(me("inactive"), t0 + ACTIVATION_WAIT_MS)).toBe(false);
  });
});

describe("asking a lapsed user to subscribe", () => {
  const base = {
    limited: true,
    pathname: "/dashboard",
    returningFromStripe: false,
    awaitingActivation: false,
    alreadyPrompted: false,
  };
  it("asks once per session, not on /subscription, not right after Stripe, never with full access", () => {
    expect(shouldPromptToSubscribe(base)).toBe(true);
    expect(shouldPromptToSubscribe({ ...base, alreadyPrompted: true })).toBe(false);
    expect(shouldPromptToSubscribe({ ...base, pathname: "/subscription" })).toBe(false);
    expect(shouldPromptToSubscribe({ ...base, returningFromStripe: true })).toBe(false);
    expect(shouldPromptToSubscribe({ ...base, awaitingActivation: true })).toBe(false);
    expect(shouldPromptToSubscribe({ ...base, limited: false })).toBe(false);
  });
});

describe("useAccess state", () => {
  it("follows the server's decision: community is full, a lapsed commercial user limited", () => {
    expect(accessStateOf(me("inactive", "community"))).toMatchObject({
      community: true,
      limited: false,
      access: "full",
    });
    expect(accessStateOf(me("inactive"))).toMatchObject({ community: false, limited: true, access: "limited" });
    expect(accessStateOf(me("trial"))).toMatchObject({ limited: false, access: "full" });
    expect(accessStateOf(undefined)).toMatchObject({ limited: false, access: undefined, billing: null });
  });
});

describe("settings Premium card", () => {
  const billing = (subscriptionStatus: string | null, cancelAtPeriodEnd = false) => ({
    hasCustomer: subscriptionStatus !== null,
    subscriptionStatus,
    currentPeriodEnd: subscriptionStatus ? "2026-05-01T00:00:00.000Z" : null,
    cancelAtPeriodEnd,
  });

  it("three states: trial and inactive offer 'Premium freischalten', subscribers 'Abo verwalten'", () => {
    expect(premiumCardView(me("trial").subscription, billing(null), false)).toMatchObject({
      state: "trial",
      daysRemaining: 2,
      canUnlock: true,
      canManage: false,
    });
    expect(premiumCardView(me("inactive").subscription, billing(null), false)).toMatchObject({
      state: "inactive",
      canUnlock: true,
      canManage: false,
      paymentFailed: false,
    });
    expect(premiumCardView(me("active").subscription, billing("active"), false)).toMatchObject({
      state: "active",
      canUnlock: false,
      canManage: true,
      renewsAt: "2026-05-01T00:00:00.000Z",
      endsAt: null,
    });
  });

  it("shows the end date of a cancelled subscription and a failed payment", () => {
    expect(premiumCardView(me("active").subscription, billing("active", true), false)).toMatchObject({
      renewsAt: null,
      endsAt: "2026-05-01T00:00:00.000Z",
    });
    expect(premiumCardView(me("inactive").subscription, billing("past_due"), false)).toMatchObject({
      paymentFailed: true,
      canManage: true,
      canUnlock: true,
    });
  });

  it("an owner (active without Stripe) has nothing to manage; the Community Edition has no billing at all", () => {
    expect(premiumCardView(me("active").subscription, billing(null), false)).toMatchObject({
      canManage: false,
      canUnlock: false,
      renewsAt: null,
    });
    expect(premiumCardView(me("inactive").subscription, null, true)).toEqual({ state: "community" });
  });
});

describe("closing the modal on /subscription", () => {
  const origin = "https://pulse.example.com";
  const fresh = { origin, tabShowedAppBefore: false };
  it("goes back when there is an earlier page of the app, else to the dashboard", () => {
    expect(subscriptionCloseTarget({ ...fresh, routerIndex: 2, historyLength: 3, referrer: "" })).toBe("back");
    expect(
      subscriptionCloseTarget({ ...fresh, routerIndex: 0, historyLength: 2, referrer: `${origin}/settings` }),
    ).toBe("back");
    expect(subscriptionCloseTarget({ ...fresh, routerIndex: 0, historyLength: 1, referrer: "" })).toBe("dashboard");
    expect(
      subscriptionCloseTarget({ ...fresh, routerIndex: 0, historyLength: 4, referrer: "https://evil.example/" }),
    ).toBe("dashboard");
    expect(subscriptionCloseTarget({ ...fresh, routerIndex: undefined, historyLength: 2, referrer: "" })).toBe(
      "dashboard",
    );
  });

  it("goes back to the app page the address /subscription was typed over (no referrer, one router entry)", () => {
    const typed = { origin, routerIndex: 0, historyLength: 3, referrer: "" };
    expect(subscriptionCloseTarget({ ...typed, tabShowedAppBefore: true })).toBe("back");
    expect(subscriptionCloseTarget({ ...typed, historyLength: 1, tabShowedAppBefore: true })).toBe("dashboard");
  });

  it("knows a tab showed the app before only from the second load on", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    noteAppLoad(storage);
    expect(tabShowedAppBefore()).toBe(false);
    noteAppLoad(storage);
    expect(tabShowedAppBefore()).toBe(true);
  });
});
