import type { NumberLocale } from "@pulsemanager/core";

/** The number format a user of this app language types in: English, else German. */
export function numberLocale(language: string): NumberLocale {
  return language.startsWith("en") ? "en" : "de";
}
