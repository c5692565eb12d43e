/**
 * The advisor PDF's words about the user's own part: the declarations the report applied (each as the
 * user's own statement, with the date it was made) and, on the first page, whether the year is complete.
 */
import { reportCompleteness, reportSymbols, type StoredDeclaration, type WalletReportResult } from "@pulsemanager/core";
import type { AdvisorPdfLabels } from "./advisor-pdf-labels.ts";
import { formatCount, formatDate, formatDateTime, formatEur, type PdfLanguage } from "./pdf-format.ts";
import { COLORS, type PdfWriter } from "./pdf-writer.ts";

const CHAIN_NAMES: Record<number, string> = { 369: "PulseChain", 1: "Ethereum" };

function short(text: string): string {
  return text.length > 12 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;
}

/** "Gekauft: angeschafft am 01.03.2021, Anschaffungskosten 120,50 €" */
export function declarationStatement(d: StoredDeclaration, labels: AdvisorPdfLabels, lang: PdfLanguage): string {
  switch (d.kind) {
    case "zero":
      return labels.declZero;
    case "income":
      return labels.declIncome;
    case "cost":
      return `${labels.declCost}: ${labels.declAcquiredOn} ${formatDate(d.acquiredOn, lang)}, ${labels.declCostOf} ${formatEur(d.eur, lang)}`;
    case "own-transfer":
      return `${labels.declOwnTransfer}: ${d.from}, ${labels.declAcquiredOn} ${formatDate(d.acquiredOn, lang)}, ${labels.declCostOf} ${formatEur(d.eur, lang)}`;
    case "sacrifice":
      return `${labels.declSacrifice}: ${d.given}, ${formatDate(d.acquiredOn, lang)}, ${labels.declValue} ${formatEur(d.eur, lang)}`;
  }
}

/** Every declaration the report applied, oldest first; nothing for a report made before they existed. */
export function writeDeclarations(
  w: PdfWriter,
  result: WalletReportResult,
  labels: AdvisorPdfLabels,
  lang: PdfLanguage,
): void {
  const declarations = result.meta.declarations;
  if (!declarations) return;
  w.heading(labels.sectionDeclarations, 3);
  if (declarations.length === 0) {
    w.paragraph(labels.declarationsNone);
    return;
  }
  w.paragraph(labels.declarationsIntro, { size: 9 });
  const symbols = reportSymbols(result, []);
  const sorted = [...declarations].sort((a, b) => a.declaredAt.localeCompare(b.declaredAt));
  for (const d of sorted) {
    const chain = CHAIN_NAMES[d.chainId] ?? String(d.chainId);
    const token = symbols.get(`${d.chainId}:${d.token}`) ?? short(d.token);
    w.space(4);
    w.paragraph(
      `${labels.declaredOn} ${formatDateTime(d.declaredAt, lang)}: ${token} (${chain}), ${labels.declTransaction} ${short(d.txHash)}, ${labels.declWallet} ${short(d.wallet)}`,
      { font: "bold", size: 9 },
    );
    w.paragraph(declarationStatement(d, labels, lang), { size: 9 }, 12);
  }
}

/** On the first page: "Das Steuerjahr ist vollständig …" or what is still open, counted. True when complete. */
export function writeYearStatus(
  w: PdfWriter,
  result: WalletReportResult,
  labels: AdvisorPdfLabels,
  lang: PdfLanguage,
): boolean {
  const status = reportCompleteness(result);
  w.space(6);
  if (status.complete) {
    w.paragraph(labels.yearComplete, { font: "bold", size: 11 });
    return true;
  }
  w.paragraph(labels.yearIncomplete, { font: "bold", size: 11, color: COLORS.warning });
  if (status.openGroups !== null) w.row(labels.yearOpenPoints, formatCount(status.openGroups, lang));
  w.row(labels.yearMissingPrices, formatCount(status.missingPrices, lang));
  return false;
}
