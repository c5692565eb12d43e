import { z } from "zod";
import { FORK_COST_METHODS } from "../tax/fork-cost-methods.ts";

/** The currencies portfolio and dashboard values can be shown in. */
export const DISPLAY_CURRENCIES = ["EUR", "USD"] as const;
export const displayCurrencySchema = z.enum(DISPLAY_CURRENCIES);
export type DisplayCurrency = z.infer<typeof displayCurrencySchema>;

/** The languages of the app. */
export const UI_LANGUAGES = ["de", "en"] as const;
export const uiLanguageSchema = z.enum(UI_LANGUAGES);
export type UiLanguage = z.infer<typeof uiLanguageSchema>;

/** The fork cost setting, with its own message key for a value that is not one of the methods. */
const forkCostSettingSchema = z.enum(FORK_COST_METHODS, { error: "settings.invalidForkCost" });

/**
 * GET /api/settings: the user's stored choices; null means "not chosen". An unchosen currency
 * follows the UI language; an unchosen language is the browser's own choice (German by default).
 * The language is kept with the account, so a login on another browser shows the same language.
 * `forkCost`: how the tax report costs PulseChain's copies of the Ethereum holdings at the fork
 * ("zero", the default, or "split"; docs/product/tax-report.md). `monthlyArchive`: "Bericht monatlich
 * sichern", the year's report made and kept on the first of each month. Older servers sent neither.
 */
export const userSettingsSchema = z.object({
  displayCurrency: displayCurrencySchema.nullable(),
  language: uiLanguageSchema.nullable(),
  forkCost: forkCostSettingSchema.default("zero"),
  monthlyArchive: z.boolean().default(false),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /api/settings: one or more settings; a missing one stays, null goes back to the default. */
export const updateSettingsRequestSchema = z
  .strictObject({
    displayCurrency: displayCurrencySchema.nullable().optional(),
    language: uiLanguageSchema.nullable().optional(),
    forkCost: forkCostSettingSchema.optional(),
    monthlyArchive: z.boolean({ error: "settings.invalidMonthlyArchive" }).optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), { message: "settings.nothingToChange" });
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>;

/** German speakers see euros, everybody else dollars, until they choose. */
export function defaultDisplayCurrency(language: string | undefined): DisplayCurrency {
  return language?.startsWith("de") ? "EUR" : "USD";
}

export function effectiveDisplayCurrency(chosen: DisplayCurrency | null | undefined, language: string | undefined) {
  return chosen ?? defaultDisplayCurrency(language);
}
