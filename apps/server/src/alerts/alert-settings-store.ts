import {
  type AlertSettings,
  alertSettingsSchema,
  DEFAULT_ALERT_SETTINGS,
  type UnsubscribeScope,
} from "@pulsemanager/core";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { alertSettings } from "../db/schema.ts";

/**
 * A stored row read with today's schema, setting by setting: one that no longer parses falls back to its
 * default, the others stay (a user who turned mails off is never turned back on by a change of schema).
 */
function parsed(stored: unknown): AlertSettings {
  const whole = alertSettingsSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const row = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_ALERT_SETTINGS };
  for (const [key, field] of Object.entries(alertSettingsSchema.shape)) {
    const one = field.safeParse(row[key]);
    if (one.success) out[key] = one.data;
  }
  return alertSettingsSchema.parse(out);
}

export async function readAlertSettings(db: Db, userId: string): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return row ? parsed(row.settings) : DEFAULT_ALERT_SETTINGS;
}

/** The settings of many users at once (the runs); users without a row have the defaults. */
export async function alertSettingsOf(db: Db, userIds: readonly string[]): Promise<Map<string, AlertSettings>> {
  const out = new Map(userIds.map((id) => [id, DEFAULT_ALERT_SETTINGS]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select()
    .from(alertSettings)
    .where(inArray(alertSettings.userId, [...userIds]));
  for (const row of rows) out.set(row.userId, parsed(row.settings));
  return out;
}

export async function writeAlertSettings(
  db: Db,
  userId: string,
  settings: AlertSettings,
  now: Date,
): Promise<AlertSettings> {
  await db
    .insert(alertSettings)
    .values({ userId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { settings, updatedAt: now } });
  return settings;
}

/** The settings with one kind's switch (or, for "mail", the mails) turned on or off. */
export function switched(settings: AlertSettings, scope: UnsubscribeScope, on: boolean): AlertSettings {
  if (scope === "mail") return { ...settings, mail: on };
  return { ...settings, [scope]: { ...settings[scope], enabled: on } };
}
