import { type ComputeUnitsResult, CU_KEEP, cuBand, cuCostUsd } from "@pulsemanager/core";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { Hono } from "hono";
import { isOwner } from "../access/owner.ts";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { upstreamCalls } from "../db/schema.ts";
import { userOf } from "../http/session-user.ts";
import type { DbMeterSink } from "../upstream/db-meter-sink.ts";

const DAY_MS = 86_400_000;
const BACKGROUND = "background (jobs)";

/**
 * GET /api/debug/compute-units: the metered upstream calls of the last 24 hours per API endpoint, the
 * last 10, their estimated cost and rating. A user sees the calls their own requests made; an admin
 * (ADMIN_EMAILS) the whole installation's, background work included.
 */
export function computeUnitsRoutes(deps: { db: Db; config: AppConfig; meter: DbMeterSink; now: () => Date }) {
  const app = new Hono();
  app.get("/", async (c) => {
    const user = userOf(c);
    const admin = isOwner(deps.config, user.email);
    await deps.meter.flush();
    const since = new Date(deps.now().getTime() - DAY_MS);
    const where = admin
      ? gte(upstreamCalls.at, since)
      : and(eq(upstreamCalls.userId, user.id), gte(upstreamCalls.at, since));
    const grouped = await deps.db
      .select({
        endpoint: upstreamCalls.apiEndpoint,
        calls: sql<number>`count(*)`,
        units: sql<number>`sum(${upstreamCalls.computeUnits})`,
      })
      .from(upstreamCalls)
      .where(where)
      .groupBy(upstreamCalls.apiEndpoint);
    const recent = await deps.db
      .select()
      .from(upstreamCalls)
      .where(where)
      .orderBy(desc(upstreamCalls.at), desc(upstreamCalls.id))
      .limit(CU_KEEP);
    const byEndpoint = grouped
      .map((g) => ({ endpoint: g.endpoint ?? BACKGROUND, calls: Number(g.calls), units: Number(g.units), costUsd: "" }))
      .map((g) => ({ ...g, costUsd: cuCostUsd(g.units) }))
      .sort((a, b) => b.units - a.units);
    const calls = byEndpoint.reduce((n, g) => n + g.calls, 0);
    const units = byEndpoint.reduce((n, g) => n + g.units, 0);
    const result: ComputeUnitsResult = {
      scope: admin ? "installation" : "user",
      total: { calls, units, costUsd: cuCostUsd(units), band: cuBand(units) },
      byEndpoint,
      recent: recent.map((r) => ({
        at: r.at.toISOString(),
        endpoint: r.apiEndpoint ?? BACKGROUND,
        provider: r.provider,
        kind: r.kind,
        units: r.computeUnits,
        outcome: r.outcome,
      })),
    };
    c.header("Cache-Control", "no-store");
    return c.json(result);
  });
  return app;
}
