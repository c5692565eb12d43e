import { type DisplayCurrency, displayCurrencySchema, type UserSettings } from "@pulsemanager/core";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { userSettings } from "../db/schema.ts";

/** The user's settings; a user who never chose has none stored (null everywhere). */
export async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const currency = displayCurrencySchema.safeParse(row?.displayCurrency);
  return { displayCurrency: currency.success ? currency.data : null };
}

export async function writeSettings(
  db: Db,
  userId: string,
  settings: { displayCurrency: DisplayCurrency | null },
  now: Date,
): Promise<UserSettings> {
  await db
    .insert(userSettings)
    .values({ userId, displayCurrency: settings.displayCurrency, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { displayCurrency: settings.displayCurrency, updatedAt: now },
    });
  return readSettings(db, userId);
}
