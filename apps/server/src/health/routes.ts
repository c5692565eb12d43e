import { createHash, timingSafeEqual } from "node:crypto";
import type { HealthResponse, PublicConfig } from "@pulsemanager/core";
import { type Context, Hono } from "hono";
import type pg from "pg";
import type { AppConfig } from "../config.ts";
import type { DatabaseEngine } from "../db/engine.ts";
import { readMigrationState } from "../db/migrate.ts";
import { isLocalCaller } from "../http/client-ip.ts";
import type { Mailer } from "../mail/mailer.ts";
import { APP_VERSION } from "../version.ts";

export function healthRoutes(deps: { pool: pg.Pool; engine: DatabaseEngine; config: AppConfig; mailer: Mailer }) {
  const app = new Hono();

  app.get("/health", async (c) => {
    let reachable = true;
    try {
      await deps.pool.query("select 1");
    } catch {
      reachable = false;
    }
    const migrations = reachable ? await readMigrationState(deps.pool) : { applied: 0, expected: 0, upToDate: false };
    const status = reachable && migrations.upToDate ? "ok" : "degraded";
    const body: HealthResponse = mayReadDetails(c, deps.config.HEALTH_TOKEN)
      ? { status, version: APP_VERSION, database: { engine: deps.engine, reachable, migrations } }
      : { status };
    c.header("Cache-Control", "no-store");
    return c.json(body, body.status === "ok" ? 200 : 503);
  });

  app.get("/config", (c) => {
    const body: PublicConfig = {
      version: APP_VERSION,
      edition: deps.config.edition,
      mailOutbox: deps.mailer.mode === "outbox",
      supportEmail: deps.config.SUPPORT_EMAIL,
    };
    return c.json(body);
  });

  return app;
}

/** Version and database state help an attacker pick an exploit: only for this machine or the monitor's token. */
function mayReadDetails(c: Context, token: string | undefined): boolean {
  if (isLocalCaller(c)) return true;
  const sent = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
  if (!token || !sent) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}
