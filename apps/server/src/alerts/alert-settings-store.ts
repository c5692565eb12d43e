import {
  type AlertSettings,
  alertSettingsSchema,
  DEFAULT_ALERT_SETTINGS,
  type UnsubscribeScope,
} from "@pulsemanager/core";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { alertSettings } from "../db/schema.ts";

/** A stored row read with today's schema: a setting that no longer parses falls back to its default. */
function parsed(stored: unknown): AlertSettings {
  const read = alertSettingsSchema.safeParse(stored);
  return read.success ? read.data : DEFAULT_ALERT_SETTINGS;
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
