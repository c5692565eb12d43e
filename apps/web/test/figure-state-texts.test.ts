/**
 * A figure built on a history that could not be read is never called final: the report page's
 * Freigrenze sentences and empty year, and the ROI tracker's year card, say it is unknown, why and
 * what to do (core's taxFigureState / reportCompleteness, one rule for page, PDF and tracker).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RoiResult, WalletReportResult } from "@pulsemanager/core";
import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { roiYearSentence } from "../src/features/roi-tracker/roi-year-text.ts";
import { completenessOf } from "../src/features/wallet-report/result/report-figures.ts";
import {
  crossedWord,
  emptyYearSentences,
  freigrenzeSentence,
} from "../src/features/wallet-report/result-view/figure-texts.ts";
import { sampleResult } from "./wallet-report-fixtures.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

async function tFor(lang: "de" | "en"): Promise<TFunction> {
  const i18n = createInstance();
  const ns = (name: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${name}.json`), "utf8"));
  await i18n.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { "wallet-report": ns("wallet-report"), roi: ns("roi") } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

/** A year below both Freigrenzen, nothing unknown; `unread` chains whose history failed. */
function belowLimits(unread: number[], rows = 0): WalletReportResult {
  const base = sampleResult(rows);
  const year = base.years["2024"] as WalletReportResult["years"][string];
  return {
    ...base,
    summary: { ...base.summary, missingPrices: 0, unknownCosts: 0, freigrenze23Crossed: false },
    years: { "2024": { ...year, unknownGains: 0, missingPrices: 0, freigrenze23Crossed: false } },
    missingPrices: [],
    unknownCosts: [],
    meta: { ...base.meta, incompleteChains: unread },
  };
}

const figure = { crossed: false, value: "20,94 €", limit: "256,00 €" };

describe("the report page never calls a figure on unread data final", () => {
  it("a read year below the Freigrenze is steuerfrei", async () => {
    const c = completenessOf(belowLimits([]));
    expect(c.state).toBe("final");
    expect(freigrenzeSentence(await tFor("de"), c, figure)).toBe(
      "20,94 €, unter der Freigrenze von 256,00 €: steuerfrei",
    );
  });

  it("a year with an unread chain: unknown, why and what to do (de, en)", async () => {
    const c = completenessOf(belowLimits([369]));
    expect(c.state).toBe("unknown");
    const de = freigrenzeSentence(await tFor("de"), c, figure);
    expect(de).not.toContain("steuerfrei");
    expect(de).toContain("Unbekannt");
    expect(de).toContain("Historie von PulseChain konnte nicht vollständig gelesen werden");
    expect(de).toContain("Starte die Analyse später erneut");
    const en = freigrenzeSentence(await tFor("en"), c, figure);
    expect(en).not.toContain("tax-free");
    expect(en).toContain("history of PulseChain could not be read completely");
  });

  it("a year with missing prices is provisional, not steuerfrei", async () => {
    const c = completenessOf({ ...belowLimits([]), summary: { ...belowLimits([]).summary, missingPrices: 2 } });
    expect(c.state).toBe("provisional");
    const de = freigrenzeSentence(await tFor("de"), c, figure);
    expect(de).toContain("vorläufig");
    expect(de).not.toMatch(/: steuerfrei$/);
  });

  it("the year overview says 'nicht erreicht' only for a final figure", async () => {
    const t = await tFor("de");
    expect(crossedWord(t, completenessOf(belowLimits([])), false)).toBe("nicht erreicht");
    expect(crossedWord(t, completenessOf(belowLimits([369])), false)).toBe(
      "unbekannt: Historie nicht vollständig gelesen",
    );
    expect(crossedWord(await tFor("en"), completenessOf(belowLimits([369])), true)).toBe(
      "unknown: history not read completely",
    );
  });

  it("an empty year with an unread chain does not say 'nichts zu versteuern'", async () => {
    const t = await tFor("de");
    const unread = emptyYearSentences(t, completenessOf(belowLimits([369])), 2024);
    expect(unread.title).toBe("Steuerjahr 2024: Historie nicht vollständig gelesen");
    expect(unread.text).not.toContain("nichts zu versteuern");
    expect(unread.text).toContain("ist deshalb unbekannt");
    const read = emptyYearSentences(t, completenessOf(belowLimits([])), 2024);
    expect(read.text).toContain("nichts zu versteuern");
    const en = emptyYearSentences(await tFor("en"), completenessOf(belowLimits([1])), 2024);
    expect(en.text).toContain("history of Ethereum could not be read completely");
  });
});

function roi(problems: string[], unpriced = 0): RoiResult {
  return {
    roiTransactions: [],
    roiTransactionCount: 0,
    dailyROI: { eur: "0", usd: "0" },
    monthlyROI: { eur: "0", usd: "0" },
    year: { year: 2026, eur: "20.94", usd: "22.5", freigrenze: "256", crossed: false },
    byDay: [],
    byMonth: [],
    bySource: [],
    unpriced,
    lastUpdated: "2026-11-26T07:00:00Z",
    problems,
  } as RoiResult;
}

describe("the ROI tracker's year card", () => {
  it("says steuerfrei only when every chain was read and every payout priced", async () => {
    const t = await tFor("de");
    expect(roiYearSentence(t, roi([]), "de")).toMatch(/unter der Freigrenze von 256,00\s€: steuerfrei$/);
    const unread = roiYearSentence(t, roi(["pulsechain: history sync failed"]), "de");
    expect(unread).not.toContain("steuerfrei");
    expect(unread).toContain("unbekannt");
    expect(unread).toContain("Lade die Seite später neu");
    const en = roiYearSentence(await tFor("en"), roi(["ethereum"]), "en");
    expect(en).not.toContain("tax-free");
    expect(en).toContain("is unknown");
    expect(roiYearSentence(t, roi([], 3), "de")).toContain("vorläufig");
  });
});
