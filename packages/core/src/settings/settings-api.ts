import { z } from "zod";

/** The currencies portfolio and dashboard values can be shown in. */
export const DISPLAY_CURRENCIES = ["EUR", "USD"] as const;
export const displayCurrencySchema = z.enum(DISPLAY_CURRENCIES);
export type DisplayCurrency = z.infer<typeof displayCurrencySchema>;

/** GET /api/settings: the user's stored choices; null means "not chosen": the UI language decides. */
export const userSettingsSchema = z.object({
  displayCurrency: displayCurrencySchema.nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /api/settings: the same shape; null goes back to the language's default. */
export const updateSettingsRequestSchema = z.strictObject({
  displayCurrency: displayCurrencySchema.nullable(),
});
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;

/** German speakers see euros, everybody else dollars, until they choose. */
export function defaultDisplayCurrency(language: string | undefined): DisplayCurrency {
  return language?.startsWith("de") ? "EUR" : "USD";
}

export function effectiveDisplayCurrency(chosen: DisplayCurrency | null | undefined, language: string | undefined) {
  return chosen ?? defaultDisplayCurrency(language);
}
