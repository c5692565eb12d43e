import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["de", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = "appLanguage";

/**
 * Every JSON file under locales/<lang>/<namespace>.json is a namespace, built as its own small
 * chunk: a page loads only its language and the namespaces it shows (the boot namespaces and those of
 * the signed-in frame, dashboard and portfolio are one file per language: vite.config.ts). A test
 * (i18n-completeness) fails when a key exists in one language only.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json");

/** What the shell, the sign-in pages and the boot screen need: loaded with the app. */
export const BOOT_NAMESPACES = ["common", "shell", "auth"];

/** The stored value, else German. */
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

/** Loads namespaces of the current language (a page's, before it shows). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

function loadCatalogue(lang: string, ns: string) {
  const load = catalogues[`./locales/${lang}/${ns}.json`];
  if (!load) return Promise.reject(new Error(`no catalogue ${lang}/${ns}`));
  return load();
}

export const i18nReady = i18n
  .use(resourcesToBackend(loadCatalogue))
  .use(initReactI18next)
  .init({
    lng: initialLanguage(readStoredLanguage()),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    defaultNS: "common",
    ns: BOOT_NAMESPACES,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export default i18n;
