/**
 * The year's figures card says as of when the history is when the report took a history read shortly
 * before (it did not ask the explorer again), in both languages; a report that read the history itself
 * says nothing of it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { WalletReportResult } from "@pulsemanager/core";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { YearFiguresCard } from "../src/features/wallet-report/result-view/year-figures-card.tsx";
import { formatDateTime } from "../src/lib/format-number.ts";
import { sampleResult } from "./wallet-report-fixtures.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const READ_AT = "2025-03-06T09:41:00.000Z";

async function render(lang: "de" | "en", result: WalletReportResult): Promise<string> {
  const i18n = createInstance();
  const namespace = JSON.parse(readFileSync(join(LOCALES, lang, "wallet-report.json"), "utf8"));
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { "wallet-report": namespace } },
    interpolation: { escapeValue: false },
  });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <YearFiguresCard result={result} />
    </I18nextProvider>,
  );
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

function withReadAt(result: WalletReportResult): WalletReportResult {
  return { ...result, meta: { ...result.meta, historyReadAt: READ_AT } };
}

describe("the year's figures card: as of when the history is", () => {
  it("German: names the time of the history read it took", async () => {
    const words = await render("de", withReadAt(sampleResult(5)));
    expect(words).toContain(
      `Verlauf zuletzt kurz vorher gelesen: enthält deine Transaktionen bis ${formatDateTime(READ_AT, "de")}`,
    );
    expect(formatDateTime(READ_AT, "de")).toMatch(/06\.03\.2025/);
  });

  it("English: names the time of the history read it took", async () => {
    const words = await render("en", withReadAt(sampleResult(5)));
    expect(words).toContain(
      `history read shortly before: includes your transactions up to ${formatDateTime(READ_AT, "en")}`,
    );
  });

  it("says nothing of it when the report read the history itself", async () => {
    const words = await render("de", sampleResult(5));
    expect(words).not.toContain("kurz vorher gelesen");
  });
});
