import { QueryClient } from "@tanstack/react-query";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { type RouteHandle, routesWith } from "../src/app/router.tsx";
import { GUEST_PATHS, PROTECTED_PATHS, PUBLIC_PATHS, REDIRECTS } from "../src/lib/paths.ts";

const routes = routesWith(new QueryClient());

function collect(list: RouteObject[], out: { paths: string[]; index: number; lazy: number; catchAll: number }) {
  for (const route of list) {
    if (route.index) out.index++;
    if (route.path === "*") out.catchAll++;
    else if (route.path) out.paths.push(route.path);
    if ((route.handle as RouteHandle | undefined)?.preload) out.lazy++;
    if (route.children) collect(route.children, out);
  }
  return out;
}

describe("router table", () => {
  const found = collect(routes, { paths: [], index: 0, lazy: 0, catchAll: 0 });

  it("declares exactly the paths the guards know (the index route is /)", () => {
    const expected = [
      ...PROTECTED_PATHS.filter((p) => p !== "/"),
      ...GUEST_PATHS,
      ...PUBLIC_PATHS,
      ...Object.keys(REDIRECTS),
    ];
    expect([...found.paths].sort()).toEqual([...expected].sort());
    expect(found.index).toBe(1);
    expect(found.catchAll).toBe(1);
  });

  it("loads every page lazily (each page its own chunk), and the signed-in layout too", () => {
    const redirects = Object.keys(REDIRECTS).length;
    const signedInLayout = 1;
    expect(found.lazy).toBe(found.paths.length - redirects + found.index + found.catchAll + signedInLayout);
  });
});
