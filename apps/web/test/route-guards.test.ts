import { describe, expect, it } from "vitest";
import {
  classifyPath,
  guestRouteDecision,
  loginUrlFor,
  normalizePath,
  postLoginTarget,
  protectedRouteDecision,
  safeRedirectTarget,
} from "../src/app/route-guards.ts";
import { GUEST_PATHS, PATHS, PROTECTED_PATHS, PUBLIC_PATHS, REDIRECTS } from "../src/lib/paths.ts";

describe("protectedRouteDecision", () => {
  it("sends a visitor to /auth/login and keeps the origin", () => {
    expect(
      protectedRouteDecision("unauthenticated", { pathname: "/portfolio", search: "?chain=369", hash: "#top" }),
    ).toEqual({
      type: "redirect",
      to: "/auth/login?redirect=%2Fportfolio%3Fchain%3D369%23top",
    });
  });

  it("the kept origin leads back there after login", () => {
    const decision = protectedRouteDecision("unauthenticated", { pathname: "/settings" });
    expect(decision.type).toBe("redirect");
    const to = decision.type === "redirect" ? decision.to : "";
    const search = to.slice(to.indexOf("?"));
    expect(guestRouteDecision("authenticated", { pathname: PATHS.login, search })).toEqual({
      type: "redirect",
      to: "/settings",
    });
  });

  it("does not keep the origin after a deliberate sign-out", () => {
    expect(protectedRouteDecision("unauthenticated", { pathname: "/settings" }, { keepOrigin: false })).toEqual({
      type: "redirect",
      to: "/auth/login",
    });
  });

  it("waits with the auth check screen while /api/me loads", () => {
    expect(protectedRouteDecision("loading", { pathname: "/dashboard" })).toEqual({
      type: "wait",
      screen: "authCheck",
    });
  });

  it("renders for a signed-in user and reports other failures as errors", () => {
    expect(protectedRouteDecision("authenticated", { pathname: "/dashboard" })).toEqual({ type: "render" });
    expect(protectedRouteDecision("error", { pathname: "/dashboard" })).toEqual({ type: "error" });
  });

  it("does not add ?redirect= for the start page", () => {
    expect(loginUrlFor({ pathname: "/" })).toBe("/auth/login");
  });
});

describe("guestRouteDecision", () => {
  it("sends a signed-in user from /auth/login and /auth/register to /dashboard", () => {
    for (const pathname of [PATHS.login, PATHS.register]) {
      expect(guestRouteDecision("authenticated", { pathname, search: "" })).toEqual({
        type: "redirect",
        to: "/dashboard",
      });
    }
  });

  it("renders the form for visitors, also when the session check failed", () => {
    expect(guestRouteDecision("unauthenticated", { pathname: PATHS.login })).toEqual({ type: "render" });
    expect(guestRouteDecision("error", { pathname: PATHS.login })).toEqual({ type: "render" });
  });

  it("shows the boot screen while the session is read", () => {
    expect(guestRouteDecision("loading", { pathname: PATHS.login })).toEqual({ type: "wait", screen: "boot" });
  });
});

describe("safeRedirectTarget / postLoginTarget", () => {
  it.each([
    [null, "/dashboard"],
    ["", "/dashboard"],
    ["https://evil.example/", "/dashboard"],
    ["//evil.example/x", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["/auth/login", "/dashboard"],
    ["/auth", "/dashboard"],
    ["/login?x=1", "/dashboard"],
    ["/portfolio", "/portfolio"],
    ["/wallet-report?year=2024#tx", "/wallet-report?year=2024#tx"],
  ])("%s -> %s", (raw, expected) => {
    expect(safeRedirectTarget(raw)).toBe(expected);
  });

  it("reads ?redirect= from the login page's query string", () => {
    expect(postLoginTarget("?redirect=%2Froi-tracker")).toBe("/roi-tracker");
    expect(postLoginTarget("")).toBe("/dashboard");
  });
});

describe("classifyPath", () => {
  it.each([
    ["/wallet", "/portfolio"],
    ["/pulsechain-roi", "/roi-tracker"],
    ["/roi", "/roi-tracker"],
    ["/tax", "/wallet-report"],
    ["/auth", "/auth/login"],
    ["/login", "/auth/login"],
    ["/register", "/auth/register"],
    ["/terms", "/terms-of-service"],
    ["/privacy", "/privacy-policy"],
    ["/wallet/", "/portfolio"],
  ])("redirects %s to %s", (from, to) => {
    expect(classifyPath(from)).toEqual({ kind: "redirect", to });
  });

  it.each([
    "/",
    "/dashboard",
    "/portfolio",
    "/roi-tracker",
    "/wallet-report",
    "/pulsechain-info",
    "/debug",
    "/academy",
    "/settings",
    "/subscription",
  ])("%s is protected", (path) => {
    expect(classifyPath(path)).toEqual({ kind: "protected" });
  });

  it.each(["/auth/login", "/auth/register"])("%s is for visitors", (path) => {
    expect(classifyPath(path)).toEqual({ kind: "guest" });
  });

  it.each([
    "/auth/callback",
    "/auth/reset-password",
    "/update-password",
    "/disclaimer",
    "/privacy-policy",
    "/terms-of-service",
    "/dev/outbox",
  ])("%s is public", (path) => {
    expect(classifyPath(path)).toEqual({ kind: "public" });
  });

  it.each(["/nope", "/dashboard/extra", "/auth/unknown", "/wallets", "/Dashboard"])("%s is a 404", (path) => {
    expect(classifyPath(path)).toEqual({ kind: "notFound" });
  });

  it("every redirect lands on a route that exists", () => {
    for (const target of Object.values(REDIRECTS)) {
      expect(classifyPath(target).kind).not.toBe("notFound");
      expect(classifyPath(target).kind).not.toBe("redirect");
    }
  });

  it("no path is in two groups", () => {
    const all = [...PROTECTED_PATHS, ...GUEST_PATHS, ...PUBLIC_PATHS, ...Object.keys(REDIRECTS)];
    expect(new Set(all).size).toBe(all.length);
  });

  it("normalizes trailing slashes", () => {
    expect(normalizePath("/portfolio/")).toBe("/portfolio");
    expect(normalizePath("")).toBe("/");
    expect(normalizePath("/")).toBe("/");
  });
});
