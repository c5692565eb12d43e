/**
 * A stored declaration in words of the page ("Von Binance, angeschafft am 01.03.2021 für 120,50 €"):
 * the section's list and the advisor PDF say the same.
 */
import type { StoredDeclaration } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { formatEur, formatReportDate } from "../report-format.ts";

export function declarationDetail(t: TFunction, d: StoredDeclaration, lang: string): string {
  const values = (extra: Record<string, string> = {}) => ({
    eur: "eur" in d ? (formatEur(d.eur, lang) ?? d.eur) : "",
    date: "acquiredOn" in d ? formatReportDate(d.acquiredOn, lang) : "",
    ...extra,
  });
  switch (d.kind) {
    case "zero":
      return t("wallet-report:openPoints.declared.detail.zero");
    case "income":
      return t("wallet-report:openPoints.declared.detail.income");
    case "cost":
      return t("wallet-report:openPoints.declared.detail.cost", values());
    case "own-transfer":
      return t("wallet-report:openPoints.declared.detail.own-transfer", values({ from: d.from }));
    case "sacrifice":
      return t("wallet-report:openPoints.declared.detail.sacrifice", values({ given: d.given }));
  }
}
