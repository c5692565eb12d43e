/**
 * The advisor PDF's tables: every taxable disposal of the year in the order of Anlage SO (acquired,
 * sold, token, chain, amount, proceeds, cost, gain) and every §22 income line, each with its sum under
 * it. The lines come from core's anlageSoLines, whose cents add up to the year's figures exactly.
 */
import { type AnlageSoLines, chainName, ETHEREUM, PULSECHAIN } from "@pulsemanager/core";
import type { AdvisorPdfLabels } from "./advisor-pdf-labels.ts";
import { formatAmount, formatDate, formatEur, type PdfLanguage } from "./pdf-format.ts";
import { COLORS, type PdfWriter } from "./pdf-writer.ts";

const CHAIN_NAMES: Record<number, string> = { [PULSECHAIN]: "PulseChain", [ETHEREUM]: "Ethereum" };

function chainOf(id: number | null): string {
  return id === null ? "–" : (CHAIN_NAMES[id] ?? chainName(id));
}

const DISPOSAL_STARTS = [0, 0.11, 0.22, 0.32, 0.42, 0.56, 0.7, 0.83];
const DISPOSAL_AMOUNTS = new Set([4, 5, 6, 7]);
const INCOME_STARTS = [0, 0.14, 0.34, 0.5, 0.75];
const INCOME_AMOUNTS = new Set([3, 4]);
const TABLE_TEXT = { size: 8 } as const;

export function writeDisposalTable(
  w: PdfWriter,
  lines: AnlageSoLines,
  labels: AdvisorPdfLabels,
  lang: PdfLanguage,
): void {
  w.heading(labels.sectionDisposals, 4);
  if (lines.disposals.length === 0) {
    w.paragraph(labels.disposalsNone);
    return;
  }
  w.paragraph(labels.disposalsIntro, { size: 9 });
  w.space(3);
  const header = [
    labels.colAcquired,
    labels.colSold,
    labels.colToken,
    labels.colChain,
    labels.colAmount,
    labels.colProceeds,
    labels.colCost,
    labels.colGain,
  ];
  w.columns(header, DISPOSAL_STARTS, { ...TABLE_TEXT, font: "bold" }, DISPOSAL_AMOUNTS);
  for (const d of lines.disposals)
    w.columns(
      [
        formatDate(d.acquired, lang),
        formatDate(d.sold, lang),
        d.symbol,
        chainOf(d.chainId),
        formatAmount(d.amount, lang),
        formatEur(d.proceeds, lang),
        formatEur(d.cost, lang),
        formatEur(d.gain, lang),
      ],
      DISPOSAL_STARTS,
      TABLE_TEXT,
      DISPOSAL_AMOUNTS,
    );
  w.rule();
  w.row(labels.tableTotal, formatEur(lines.disposalsTotal, lang), { font: "bold", size: 9 });
}

export function writeIncomeTable(
  w: PdfWriter,
  lines: AnlageSoLines,
  labels: AdvisorPdfLabels,
  lang: PdfLanguage,
): void {
  w.heading(labels.sectionIncomeLines, 4);
  if (lines.income.length === 0) {
    w.paragraph(labels.incomeNone);
    return;
  }
  w.paragraph(labels.incomeIntro, { size: 9, color: COLORS.text });
  w.space(3);
  const header = [labels.colDate, labels.colToken, labels.colChain, labels.colAmount, labels.colValue];
  w.columns(header, INCOME_STARTS, { ...TABLE_TEXT, font: "bold" }, INCOME_AMOUNTS);
  for (const l of lines.income)
    w.columns(
      [formatDate(l.date, lang), l.symbol, chainOf(l.chainId), formatAmount(l.amount, lang), formatEur(l.value, lang)],
      INCOME_STARTS,
      TABLE_TEXT,
      INCOME_AMOUNTS,
    );
  w.rule();
  w.row(labels.tableTotal, formatEur(lines.incomeTotal, lang), { font: "bold", size: 9 });
}
