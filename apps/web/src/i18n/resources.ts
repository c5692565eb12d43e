/**
 * Every JSON file under locales/<lang>/<namespace>.json becomes a namespace.
 * A test (i18n-completeness) fails when a key exists in one language only.
 */
type Catalogue = Record<string, unknown>;

const files = import.meta.glob<{ default: Catalogue }>("./locales/*/*.json", { eager: true });

export const resources: Record<"de" | "en", Record<string, Catalogue>> = { de: {}, en: {} };

for (const [path, mod] of Object.entries(files)) {
  const match = /\.\/locales\/(de|en)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const lang = match[1] as "de" | "en";
  const ns = match[2] as string;
  resources[lang][ns] = mod.default;
}
