import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance, type TFunction } from "i18next";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const NAMESPACES = ["common", "market", "tracker"];

/** The app's own catalogues in a real i18next (plurals and interpolation as on the page). */
export async function translator(lang: "de" | "en"): Promise<TFunction> {
  const resources = {
    [lang]: Object.fromEntries(
      NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8"))]),
    ),
  };
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources, ns: NAMESPACES, defaultNS: "common", interpolation: { escapeValue: false } });
  return i18n.t;
}
