import { loginSchema, registerSchema, TRIAL_RECHECK_MS } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { greetingName } from "../src/app/dashboard/greeting-name.ts";
import { isSessionLost } from "../src/app/query-client.ts";
import { authStorageKeys } from "../src/features/auth/auth-storage.ts";
import { resetTokenFromHash } from "../src/features/auth/reset-token.ts";
import { sortNewestFirst } from "../src/features/dev-outbox/outbox-query.ts";
import { exportFileName } from "../src/features/settings/export-file-name.ts";
import { EXTERNAL_NAV_ITEMS, isNavItemActive, NAV_ITEMS } from "../src/features/shell/nav-items.ts";
import { ApiError, NetworkError } from "../src/lib/api.ts";
import { fieldErrors } from "../src/lib/form-errors.ts";
import { linkify } from "../src/lib/linkify.ts";
import { mailtoUrl } from "../src/lib/mailto.ts";
import { shouldRetryQuery } from "../src/lib/query-retry.ts";
import { authStateOf, meRefetchInterval } from "../src/state/session/me-query.ts";

const me = (status: "trial" | "active" | "inactive") => ({
  user: { id: "u1", email: "max@example.com", emailVerified: true, createdAt: "2025-01-01T00:00:00Z" },
  subscription: {
    status,
    daysRemaining: status === "trial" ? 2 : 0,
    trialEndsAt: null,
    plan: status === "active" ? ("premium" as const) : ("basic" as const),
  },
  isAdmin: false,
  edition: "commercial" as const,
  access: status === "inactive" ? ("limited" as const) : ("full" as const),
  billing: null,
});

describe("greetingName", () => {
  it("uses the part before the at-sign, else PulseChainer", () => {
    expect(greetingName("max.mustermann@example.com")).toBe("max.mustermann");
    expect(greetingName("")).toBe("PulseChainer");
    expect(greetingName(undefined)).toBe("PulseChainer");
    expect(greetingName("@example.com")).toBe("PulseChainer");
  });
});

describe("exportFileName", () => {
  it("is pulsemanager-export-YYYY-MM-DD.json in local time", () => {
    expect(exportFileName(new Date(2025, 2, 7, 23, 59))).toBe("pulsemanager-export-2025-03-07.json");
  });
});

describe("resetTokenFromHash", () => {
  it("reads access_token from the fragment", () => {
    expect(resetTokenFromHash("#access_token=abc.def&type=recovery")).toBe("abc.def");
    expect(resetTokenFromHash("access_token=xyz")).toBe("xyz");
  });
  it("is null without a token or for another link type", () => {
    expect(resetTokenFromHash("")).toBeNull();
    expect(resetTokenFromHash("#type=recovery")).toBeNull();
    expect(resetTokenFromHash("#access_token=&type=recovery")).toBeNull();
    expect(resetTokenFromHash("#access_token=abc&type=signup")).toBeNull();
  });
});

describe("linkify", () => {
  it("splits text and http(s) links, leaving trailing punctuation as text", () => {
    expect(linkify("Bestätige hier: http://localhost:3000/auth/callback?token=a.b-c. Danke")).toEqual([
      { type: "text", text: "Bestätige hier: " },
      {
        type: "link",
        text: "http://localhost:3000/auth/callback?token=a.b-c",
        href: "http://localhost:3000/auth/callback?token=a.b-c",
      },
      { type: "text", text: ". Danke" },
    ]);
  });
  it("never turns other schemes into links", () => {
    expect(linkify("javascript:alert(1) <b>x</b>")).toEqual([{ type: "text", text: "javascript:alert(1) <b>x</b>" }]);
  });
  it("handles text without links and several links", () => {
    expect(linkify("")).toEqual([]);
    expect(linkify("a https://x.y/1 b https://x.y/2").filter((s) => s.type === "link")).toHaveLength(2);
  });
});

describe("mailtoUrl", () => {
  it("encodes subject and body", () => {
    expect(mailtoUrl("support@example.com", "PulseManager Support")).toBe(
      "mailto:support@example.com?subject=PulseManager%20Support",
    );
    expect(mailtoUrl("a@b.de", "Feedback", "Zeile 1\nÄ&?")).toBe(
      "mailto:a@b.de?subject=Feedback&body=Zeile%201%0A%C3%84%26%3F",
    );
  });
});

describe("authStorageKeys", () => {
  it("picks auth-looking keys and keeps the preferences", () => {
    expect(authStorageKeys(["appTheme", "appLanguage", "better-auth.session_token", "userCache", "other"])).toEqual([
      "better-auth.session_token",
      "userCache",
    ]);
  });
});

describe("me query helpers", () => {
  it("rechecks every 60 s only during the trial", () => {
    expect(meRefetchInterval(me("trial"))).toBe(TRIAL_RECHECK_MS);
    expect(meRefetchInterval(me("active"))).toBe(false);
    expect(meRefetchInterval(me("inactive"))).toBe(false);
    expect(meRefetchInterval(null)).toBe(false);
    expect(meRefetchInterval(undefined)).toBe(false);
  });

  it("derives the auth state (null = 401)", () => {
    expect(authStateOf({ isPending: true, isError: false, data: undefined })).toBe("loading");
    expect(authStateOf({ isPending: false, isError: false, data: null })).toBe("unauthenticated");
    expect(authStateOf({ isPending: false, isError: false, data: me("trial") })).toBe("authenticated");
    expect(authStateOf({ isPending: false, isError: true, data: undefined })).toBe("error");
    // A failed background refetch keeps the user signed in.
    expect(authStateOf({ isPending: false, isError: true, data: me("active") })).toBe("authenticated");
  });
});

describe("shouldRetryQuery", () => {
  it("never retries client errors, retries network and server errors twice", () => {
    expect(shouldRetryQuery(0, new ApiError(401, "UNAUTHENTICATED", ""))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, "NOT_FOUND", ""))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(503, "INTERNAL_ERROR", ""))).toBe(true);
    expect(shouldRetryQuery(0, new NetworkError("x"))).toBe(true);
    expect(shouldRetryQuery(2, new NetworkError("x"))).toBe(false);
  });
});

describe("fieldErrors", () => {
  it("returns the first i18n key per field", () => {
    expect(fieldErrors(loginSchema.safeParse({ email: "nope", password: "123" }))).toEqual({
      email: "validation.emailInvalid",
      password: "validation.passwordTooShort",
    });
    expect(
      fieldErrors(registerSchema.safeParse({ email: "a@b.de", password: "secret1", confirmPassword: "secret2" })),
    ).toEqual({
      confirmPassword: "validation.passwordMismatch",
    });
    expect(fieldErrors(loginSchema.safeParse({ email: "a@b.de", password: "secret1" }))).toEqual({});
  });
});

describe("sortNewestFirst", () => {
  it("orders mails by createdAt, newest first", () => {
    const mail = (id: string, createdAt: string) => ({ id, to: "a@b.de", subject: id, text: "", html: "", createdAt });
    expect(
      sortNewestFirst([
        mail("old", "2025-01-01T10:00:00Z"),
        mail("new", "2025-01-02T10:00:00Z"),
        mail("mid", "2025-01-01T12:00:00Z"),
      ]).map((m) => m.id),
    ).toEqual(["new", "mid", "old"]);
  });
});

describe("navigation", () => {
  it("has the spec's items in order, the tax planning beside the wallet report", () => {
    expect(NAV_ITEMS.map((item) => item.to)).toEqual([
      "/dashboard",
      "/portfolio",
      "/wallet-report",
      "/tax-planning",
      "/roi-tracker",
      "/pulsechain-info",
      "/market",
      "/tracker",
      "/trade",
      "/bridge",
      "/yield-optimizer",
    ]);
  });
  it("marks the market overview active on its token pages", () => {
    const market = NAV_ITEMS.find((item) => item.to === "/market");
    if (!market) throw new Error("no market item");
    expect(isNavItemActive(market, "/market/369/0x95b303987a60c71504d99aa1b13b4da07b0790ab")).toBe(true);
    expect(isNavItemActive(market, "/marketing")).toBe(false);
  });
  it("marks the dashboard active on / and /dashboard", () => {
    const dashboard = NAV_ITEMS[0];
    if (!dashboard) throw new Error("no items");
    expect(isNavItemActive(dashboard, "/")).toBe(true);
    expect(isNavItemActive(dashboard, "/dashboard/")).toBe(true);
    expect(isNavItemActive(dashboard, "/portfolio")).toBe(false);
  });
  it("external links are https", () => {
    expect(EXTERNAL_NAV_ITEMS).toHaveLength(3);
    for (const item of EXTERNAL_NAV_ITEMS) expect(item.href.startsWith("https://")).toBe(true);
  });
});

describe("isSessionLost", () => {
  it("is true only for 401 UNAUTHENTICATED (a wrong password is also a 401, but not a lost session)", () => {
    expect(isSessionLost(new ApiError(401, "UNAUTHENTICATED", ""))).toBe(true);
    expect(isSessionLost(new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", ""))).toBe(false);
    expect(isSessionLost(new ApiError(403, "FORBIDDEN", ""))).toBe(false);
    expect(isSessionLost(new NetworkError("x"))).toBe(false);
  });
});
