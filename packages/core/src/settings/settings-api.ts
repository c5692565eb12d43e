import { z } from "zod";

/** The currencies portfolio and dashboard values can be shown in. */
export const DISPLAY_CURRENCIES = ["EUR", "USD"] as const;
export const displayCurrencySchema = z.enum(DISPLAY_CURRENCIES);
export type DisplayCurrency = z.infer<typeof displayCurrencySchema>;

/** The languages of the app. */
export const UI_LANGUAGES = ["de", "en"] as const;
export const uiLanguageSchema = z.enum(UI_LANGUAGES);
export type UiLanguage = z.infer<typeof uiLanguageSchema>;

/**
 * GET /api/settings: the user's stored choices; null means "not chosen". An unchosen currency
 * follows the UI language; an unchosen language is the browser's own choice (German by default).
 * The language is kept with the account, so a login on another browser shows the same language.
 */
export const userSettingsSchema = z.object({
  displayCurrency: displayCurrencySchema.nullable(),
  language: uiLanguageSchema.nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /api/settings: one or both settings; a missing one stays, null goes back to the default. */
export const updateSettingsRequestSchema = z
  .strictObject({
    displayCurrency: displayCurrencySchema.nullable().optional(),
    language: uiLanguageSchema.nullable().optional(),
  })
  .refine((s) => s.displayCurrency !== undefined || s.language !== undefined, {
    message: "settings.nothingToChange",
  });
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;

/** German speakers see euros, everybody else dollars, until they choose. */
export function defaultDisplayCurrency(language: string | undefined): DisplayCurrency {
  return language?.startsWith("de") ? "EUR" : "USD";
}

export function effectiveDisplayCurrency(chosen: DisplayCurrency | null | undefined, language: string | undefined) {
  return chosen ?? defaultDisplayCurrency(language);
}
