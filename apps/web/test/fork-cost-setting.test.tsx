/**
 * The settings' fork cost choice: both rules explained in two sentences each, in both languages,
 * with the user's stored choice checked.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { ForkCostCard } from "../src/features/settings/fork-cost-card.tsx";
import { USER_SETTINGS_QUERY_KEY } from "../src/lib/query-keys.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

async function render(lang: "de" | "en", forkCost: "zero" | "split"): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { settings: JSON.parse(readFileSync(join(LOCALES, lang, "settings.json"), "utf8")) } },
    interpolation: { escapeValue: false },
  });
  const client = new QueryClient();
  client.setQueryData(USER_SETTINGS_QUERY_KEY, { displayCurrency: null, language: null, forkCost });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ForkCostCard />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const checked = (html: string) => /<input[^>]*checked=""[^>]*value="(\w+)"/.exec(html)?.[1];

describe("the fork cost setting", () => {
  it("explains both rules in German and checks the stored one", async () => {
    const html = await render("de", "zero");
    expect(checked(html)).toBe("zero");
    const words = text(html);
    expect(words).toContain("Steuerreport: Kosten der Kopien bei der PulseChain-Abspaltung");
    expect(words).toContain(
      "Die Kopien bei der PulseChain-Abspaltung kosten 0 €; deine Ethereum-Bestände behalten ihre vollen Anschaffungskosten.",
    );
    expect(words).toContain("Kosten aufteilen (BMF-Regel für Hard Forks)");
    expect(words).toContain(
      "Die Anschaffungskosten jedes Ethereum-Bestands werden zwischen Original und Kopie aufgeteilt, im Verhältnis ihrer Marktwerte am ersten Tag, an dem es für beide einen Kurs gibt.",
    );
  });

  it("explains both rules in English and checks the stored one", async () => {
    const html = await render("en", "split");
    expect(checked(html)).toBe("split");
    const words = text(html);
    expect(words).toContain("The copies made at the PulseChain fork cost €0");
    expect(words).toContain("split between the original and the copy in proportion to their market values");
  });
});
