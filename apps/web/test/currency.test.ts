import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyPrice, historyIn } from "../src/state/currency/money.ts";
import { rateText } from "../src/state/currency/rate-note.tsx";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const t = (lang: string) => (key: string, values: Record<string, string>) => {
  const catalogue = JSON.parse(readFileSync(join(LOCALES, lang, "currency.json"), "utf8")) as Record<string, unknown>;
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};
const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const ECB = { usdPerEur: "1.0950", rateDate: "2026-11-20", source: "ecb" };

describe("values in euros or dollars", () => {
  it("shows euros at the reference rate, German and English", () => {
    expect(norm(formatMoney("1095", { wanted: "EUR", rate: ECB, language: "de" }))).toBe("1.000,00 €");
    expect(norm(formatMoney("1095", { wanted: "EUR", rate: ECB, language: "en" }))).toBe("€1,000.00");
    expect(norm(formatMoney("1095", { wanted: "USD", rate: ECB, language: "de" }))).toBe("1.095,00 $");
    expect(norm(formatMoney("1095", { wanted: "USD", rate: ECB, language: "en" }))).toBe("$1,095.00");
  });

  it("rounds only for display, after an exact conversion of large and tiny values", () => {
    // 10^21 USD: a float would lose the cents.
    expect(norm(formatMoney("1000000000000000000000.05", { wanted: "EUR", rate: ECB, language: "en" }))).toBe(
      "€913,242,009,132,420,091,324.25",
    );
    expect(norm(formatMoney("0.005475", { wanted: "EUR", rate: ECB, language: "de" }))).toBe("0,005000 €");
    expect(norm(formatMoneyPrice("0.00000001095", { wanted: "EUR", rate: ECB, language: "de" }))).toBe("0,00000001 €");
  });

  it("stays in dollars without a rate, and shows a dash for garbage", () => {
    expect(norm(formatMoney("12.5", { wanted: "EUR", rate: null, language: "de" }))).toBe("12,50 $");
    expect(formatMoney("abc", { wanted: "EUR", rate: ECB, language: "de" })).toBe("–");
  });

  it("names the rate, its day and who published it", () => {
    expect(norm(rateText(ECB, "de", t("de")))).toBe("EZB-Referenzkurs vom 20.11.2026: 1 € = 1,0950 $");
    expect(norm(rateText(ECB, "en", t("en")))).toBe("ECB reference rate of 11/20/2026: €1 = $1.0950");
    expect(norm(rateText({ ...ECB, source: "demo" }, "de", t("de")))).toMatch(/^Fester Demo-Kurs vom 20\.11\.2026/);
  });

  it("converts the history day by day at each day's rate, or keeps all of it in dollars", () => {
    const days = [
      { day: "2026-11-19", totalValue: "110", fx: { ...ECB, usdPerEur: "1.1", rateDate: "2026-11-19" } },
      { day: "2026-11-20", totalValue: "109.5", fx: ECB },
    ];
    expect(historyIn(days, "EUR")).toEqual({
      currency: "EUR",
      points: [
        { day: "2026-11-19", amount: "100" },
        { day: "2026-11-20", amount: "100" },
      ],
    });
    expect(historyIn(days, "USD").points.map((p) => p.amount)).toEqual(["110", "109.5"]);
    const gap = [...days, { day: "2026-11-21", totalValue: "1", fx: null }];
    expect(historyIn(gap, "EUR")).toMatchObject({ currency: "USD", points: [{ amount: "110" }, {}, {}] });
  });
});
