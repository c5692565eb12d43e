import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const NAMESPACES = ["common", "layout", "notifications"];

/** Renders a piece of the notifications feature with the app's catalogues, a query cache and a router. */
export async function renderWith(
  lang: "de" | "en",
  node: ReactNode,
  options: { client?: QueryClient; path?: string } = {},
): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: NAMESPACES,
    defaultNS: "common",
    resources: {
      [lang]: Object.fromEntries(
        NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8"))]),
      ),
    },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={options.client ?? new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[options.path ?? "/"]}>{node}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The page's words: tags out, entities read, spaces folded. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
