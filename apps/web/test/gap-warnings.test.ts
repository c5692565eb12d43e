/** The report page's warnings lead with the gaps that matter; unpriced airdrops come after, grouped. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { computeTaxReport, reportGaps, type SimpleEvent, simpleEventsToTaxEvents } from "@pulsemanager/core";
import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { gapWarnings } from "../src/features/wallet-report/result-view/gap-warnings.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

async function tFor(lang: "de" | "en"): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    fallbackLng: false,
    resources: {
      [lang]: { "wallet-report": JSON.parse(readFileSync(join(LOCALES, lang, "wallet-report.json"), "utf8")) },
    },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

function gapsOf3000Airdrops() {
  const events: SimpleEvent[] = [];
  for (let i = 0; i < 3000; i++)
    events.push({
      time: `2024-02-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00+01:00`,
      wallet: "W1",
      type: "unknown-in",
      asset: `AIR${i % 12}`,
      amount: "1000",
    });
  events.push(
    {
      time: "2024-06-01T10:00:00+02:00",
      wallet: "W1",
      type: "unknown-in",
      asset: "USDC",
      amount: "10000",
      eur: "9200",
    },
    {
      time: "2024-06-02T10:00:00+02:00",
      wallet: "W1",
      type: "unknown-in",
      asset: "DAI",
      amount: "25000",
      eur: "23000",
    },
  );
  const { events: taxEvents, assets } = simpleEventsToTaxEvents(events);
  return reportGaps(computeTaxReport(taxEvents, undefined, { assets, year: 2024 }));
}

describe("the report page's gap warnings", () => {
  it("name the 25,000 DAI and 10,000 USDC first, then group the airdrops (de)", async () => {
    const w = gapWarnings(await tFor("de"), gapsOf3000Airdrops(), "de");
    expect(w.important.count).toBe(2);
    expect(w.important.lines).toEqual([
      "25.000 DAI · 02.06.2024 · Anschaffungskosten unbekannt · 23.000,00\u00a0€",
      "10.000 USDC · 01.06.2024 · Anschaffungskosten unbekannt · 9.200,00\u00a0€",
    ]);
    expect(w.airdrops?.title).toBe("3.000 Airdrops ohne Preis, nie verkauft");
    expect(w.airdrops?.text).toContain("12 Token (AIR0, AIR1, AIR10, AIR11, AIR2, AIR3, AIR4, AIR5, …)");
  });

  it("in English", async () => {
    const w = gapWarnings(await tFor("en"), gapsOf3000Airdrops(), "en");
    expect(w.important.lines[0]).toBe("25,000 DAI · 06/02/2024 · acquisition cost unknown · €23,000.00");
    expect(w.airdrops?.title).toBe("3,000 airdrops without a price, never sold");
  });
});
