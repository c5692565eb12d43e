import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { resources } from "./resources.ts";

export const LANGUAGES = ["de", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = "appLanguage";

/** Spec 01 §4: the stored value, else German. */
export function initialLanguage(stored: string | null): Language {
  return stored === "en" || stored === "de" ? stored : "de";
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(readStoredLanguage()),
  fallbackLng: false,
  defaultNS: "common",
  ns: Object.keys(resources.de),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
