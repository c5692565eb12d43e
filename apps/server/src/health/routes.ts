import type { HealthResponse, PublicConfig } from "@pulsemanager/core";
import { Hono } from "hono";
import type pg from "pg";
import type { AppConfig } from "../config.ts";
import type { DatabaseEngine } from "../db/engine.ts";
import { readMigrationState } from "../db/migrate.ts";
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
    const body: HealthResponse = {
      status: reachable && migrations.upToDate ? "ok" : "degraded",
      version: APP_VERSION,
      database: { engine: deps.engine, reachable, migrations },
    };
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
