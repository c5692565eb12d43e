import type { UiLanguage } from "@pulsemanager/core";

/** The language stored with the account, to show when it differs from this browser's (a login elsewhere). */
export function languageToApply(stored: UiLanguage | null | undefined, current: string): UiLanguage | null {
  return stored && stored !== current ? stored : null;
}

/** The language to store after a switch in this browser, or null when the account already has it. */
export function languageToSave(switchedTo: string, stored: UiLanguage | null | undefined): UiLanguage | null {
  const lang: UiLanguage | null = switchedTo === "en" || switchedTo === "de" ? switchedTo : null;
  return lang && lang !== stored ? lang : null;
}
