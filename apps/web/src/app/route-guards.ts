import {
  DEFAULT_AUTHENTICATED_PATH,
  GUEST_PATHS,
  PATHS,
  PROTECTED_PATHS,
  PUBLIC_PATHS,
  REDIRECTS,
} from "../lib/paths.ts";
import type { AuthState } from "../state/session/index.ts";

export type { AuthState };

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

export type PathClass =
  | { kind: "redirect"; to: string }
  | { kind: "protected" }
  | { kind: "guest" }
  | { kind: "public" }
  | { kind: "notFound" };

export type GuardDecision =
  | { type: "render" }
  | { type: "wait"; screen: "authCheck" | "boot" }
  | { type: "redirect"; to: string }
  | { type: "error" };

/** The name of the query parameter that carries the page to return to after login. */
export const REDIRECT_PARAM = "redirect";

/** "/portfolio/" -> "/portfolio"; "" -> "/". */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Which kind of route a path is; anything unknown is a 404. */
export function classifyPath(pathname: string): PathClass {
  const path = normalizePath(pathname);
  const target = REDIRECTS[path];
  if (target) return { kind: "redirect", to: target };
  if (PROTECTED_PATHS.includes(path)) return { kind: "protected" };
  if (GUEST_PATHS.includes(path)) return { kind: "guest" };
  if (PUBLIC_PATHS.includes(path)) return { kind: "public" };
  return { kind: "notFound" };
}

/**
 * Only paths inside this app are accepted as a return target (no "//evil.example",
 * no absolute URLs), and never the auth screens themselves (no loops).
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return DEFAULT_AUTHENTICATED_PATH;
  const pathOnly = normalizePath(raw.split(/[?#]/)[0] ?? "/");
  if (pathOnly === "/auth" || pathOnly.startsWith("/auth/") || pathOnly === "/login" || pathOnly === "/register") {
    return DEFAULT_AUTHENTICATED_PATH;
  }
  return raw;
}

/** The login URL that remembers where the visitor wanted to go. */
export function loginUrlFor(location: LocationLike): string {
  const origin = `${location.pathname}${location.search ?? ""}${location.hash ?? ""}`;
  // "/" is the dashboard anyway; auth paths would loop.
  if (origin === PATHS.home || safeRedirectTarget(origin) !== origin) return PATHS.login;
  return `${PATHS.login}?${REDIRECT_PARAM}=${encodeURIComponent(origin)}`;
}

/** Where to go after a successful login, read from the login page's query string. */
export function postLoginTarget(search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM));
}

/**
 * A protected page: render, wait for the session check, or send to login keeping
 * the origin. After the user signed out on purpose the origin is not kept.
 */
export function protectedRouteDecision(
  auth: AuthState,
  location: LocationLike,
  options: { keepOrigin?: boolean } = {},
): GuardDecision {
  switch (auth) {
    case "loading":
      return { type: "wait", screen: "authCheck" };
    case "error":
      return { type: "error" };
    case "unauthenticated":
      return { type: "redirect", to: options.keepOrigin === false ? PATHS.login : loginUrlFor(location) };
    case "authenticated":
      return { type: "render" };
  }
}

/** Login and register: a signed-in user goes to the page they came for, else the dashboard. */
export function guestRouteDecision(auth: AuthState, location: LocationLike): GuardDecision {
  if (auth === "loading") return { type: "wait", screen: "boot" };
  if (auth === "authenticated") return { type: "redirect", to: postLoginTarget(location.search ?? "") };
  return { type: "render" };
}
