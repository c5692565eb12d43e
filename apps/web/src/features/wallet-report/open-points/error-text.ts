import type { TFunction } from "i18next";

/**
 * A message key of the API or the form ("declarations.errors.eur") in the user's language; a key
 * this app version does not know reads as the general sentence, never as the raw key.
 */
export function errorText(t: TFunction, key: string | undefined): string | null {
  if (!key) return null;
  return t(`wallet-report:${key}`, { defaultValue: t("wallet-report:declarations.errors.invalid") });
}
