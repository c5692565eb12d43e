import {
  displayCurrencySchema,
  type ForkCostMethod,
  forkCostMethodSchema,
  type UpdateSettingsRequest,
  type UserSettings,
  uiLanguageSchema,
} from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { userSettings } from "../db/schema.ts";

/** The user's settings; a user who never chose has none stored (null everywhere). */
export async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const currency = displayCurrencySchema.safeParse(row?.displayCurrency);
  const language = uiLanguageSchema.safeParse(row?.language);
  return {
    displayCurrency: currency.success ? currency.data : null,
    language: language.success ? language.data : null,
    forkCost: forkCostOf(row?.forkCost),
    monthlyArchive: row?.monthlyArchive ?? false,
  };
}

function forkCostOf(stored: string | undefined): ForkCostMethod {
  const parsed = forkCostMethodSchema.safeParse(stored);
  return parsed.success ? parsed.data : "zero";
}

/** The tax report's inputs from the settings: the fork cost method and the declarations' version. */
export async function readReportSettings(
  db: Db,
  userId: string,
): Promise<{ forkCost: ForkCostMethod; declarationsVersion: string }> {
  const [row] = await db
    .select({ forkCost: userSettings.forkCost, changedAt: userSettings.declarationsChangedAt })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { forkCost: forkCostOf(row?.forkCost), declarationsVersion: row?.changedAt?.toISOString() ?? "" };
}

/** Stores the settings the request names; the others keep their value. */
export async function writeSettings(
  db: Db,
  userId: string,
  settings: UpdateSettingsRequest,
  now: Date,
): Promise<UserSettings> {
  const changed = {
    ...(settings.displayCurrency !== undefined ? { displayCurrency: settings.displayCurrency } : {}),
    ...(settings.language !== undefined ? { language: settings.language } : {}),
    ...(settings.forkCost !== undefined ? { forkCost: settings.forkCost } : {}),
    ...(settings.monthlyArchive !== undefined ? { monthlyArchive: settings.monthlyArchive } : {}),
  };
  await db
    .insert(userSettings)
    .values({ userId, ...changed, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changed, updatedAt: now } });
  return readSettings(db, userId);
}
