import { Hono } from "hono";
import type { RouterRoute } from "hono/types";
import { describe, expect, it } from "vitest";
import { routeTableMismatches } from "../src/access/mount-guards.ts";
import { requireOwner } from "../src/access/owner.ts";
import { API_ROUTES } from "../src/access/route-table.ts";
import { loadConfig } from "../src/config.ts";
import type { SessionEnv } from "../src/http/session-user.ts";

const handler = () => new Response("ok");

/** The routes of an app that registers exactly the table (better-auth's endpoints through its hand-over). */
function tableRoutes(): RouterRoute[] {
  const routes = Object.keys(API_ROUTES)
    .filter((key) => !key.includes(" /api/auth/"))
    .map((key) => {
      const [method, path] = key.split(" ") as [string, string];
      return { basePath: "/", method, path, handler };
    });
  return [...routes, { basePath: "/", method: "ALL", path: "/api/auth/*", handler }];
}

describe("the route table check at start-up", () => {
  it("passes an app that registers exactly the table", () => {
    expect(routeTableMismatches(tableRoutes())).toEqual([]);
  });

  it("names a route registered without a level, and a listed route nothing answers", () => {
    const routes = tableRoutes().filter((r) => !(r.method === "GET" && r.path === "/api/roi"));
    routes.push({ basePath: "/", method: "POST", path: "/api/new-thing", handler });
    expect(routeTableMismatches(routes)).toEqual([
      "POST /api/new-thing: no access level",
      "GET /api/roi: listed but not registered",
    ]);
  });
});

describe("the owner guard", () => {
  const config = loadConfig({ ADMIN_EMAILS: "boss@example.de" });
  const app = new Hono<SessionEnv>();
  app.use("*", async (c, next) => {
    const email = c.req.header("x-test-email") ?? "";
    c.set("user", { id: "u1", email, emailVerified: true, createdAt: new Date(0) });
    await next();
  });
  app.get("/owners-only", requireOwner(config), (c) => c.json({ ok: true }));

  it("lets an owner (ADMIN_EMAILS, in any case) through and answers anyone else 403 FORBIDDEN", async () => {
    expect((await app.request("/owners-only", { headers: { "x-test-email": "Boss@example.de" } })).status).toBe(200);
    const other = await app.request("/owners-only", { headers: { "x-test-email": "user@example.de" } });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
  });
});
