/**
 * The summary of a wallet report for the tax advisor: what was covered, the method,
 * the Anlage SO figures with both Freigrenzen, counts, price sources, stated plainly every gap that
 * makes the figures incomplete (and, on the first page, whether the year is complete), the user's own
 * declarations, the excluded tokens, the tables of every taxable disposal and every §22 income line
 * whose sums equal the figures, and a page of the Anlage SO lines the figures go into (core's
 * anlageSoForm). All single transactions are in the CSV export.
 */
import {
  type AnlageSoLines,
  anlageSoForm,
  anlageSoLines,
  chainName,
  ETHEREUM,
  PULSECHAIN,
  parseStakeWallet,
  priceSourceLabel,
  type RankedGap,
  type ReportGaps,
  reportCompleteness,
  reportGaps,
  reportYearFigures,
  taxReportFileName,
  type WalletReportResult,
  type YearFigures,
} from "@pulsemanager/core";
import type { AdvisorPdfLabels } from "./advisor-pdf-labels.ts";
import { writeAnlageSoPage } from "./anlage-so-page.ts";
import { writeDisposalTable, writeIncomeTable } from "./anlage-so-tables.ts";
import { writeDeclarations, writeYearStatus } from "./declarations-section.ts";
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatEur,
  isNegative,
  type PdfLanguage,
} from "./pdf-format.ts";
import { COLORS, PdfWriter } from "./pdf-writer.ts";

export type { AdvisorPdfLabels } from "./advisor-pdf-labels.ts";
export { advisorPdfLabels } from "./advisor-pdf-labels.ts";

/** Entries listed one by one in the completeness section; the rest are counted. */
const LIST_LIMIT = 15;

const SHORT_CHAIN_NAMES: Record<number, string> = { [PULSECHAIN]: "PulseChain", [ETHEREUM]: "Ethereum" };

function chainLabel(id: number): string {
  return `${SHORT_CHAIN_NAMES[id] ?? chainName(id)} (${id})`;
}

/** A key of the report's price-source counts ("pulsex_v2@1") in words of the PDF's language. */
function sourceLabel(key: string, labels: AdvisorPdfLabels, lang: "de" | "en"): string {
  if (key === "input") return labels.priceSourceInput;
  if (key === "none") return labels.priceSourceNone;
  const [source = key, chain] = key.split("@");
  return priceSourceLabel(source, chain === undefined ? null : Number(chain), lang);
}

function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A wallet of the lists, short: an address, or a HEX stake's lots ("0x7099…79c8 (HEX-Stake 3)"). */
function walletLabel(wallet: string, labels: AdvisorPdfLabels): string {
  const stake = parseStakeWallet(wallet);
  return stake ? `${shortAddress(stake.wallet)} (${labels.stakeLabel} ${stake.stakeId})` : shortAddress(wallet);
}

/**
 * `lines` and `gaps`: the year's Anlage SO tables and the ranked gaps, when the rows are not in
 * `result` (a report loaded in a worker).
 */
export async function buildAdvisorPdf(
  result: WalletReportResult,
  lang: PdfLanguage,
  labels: AdvisorPdfLabels,
  lines: AnlageSoLines = anlageSoLines(result.transactions, result.year),
  gaps: ReportGaps = reportGaps(result),
): Promise<Uint8Array<ArrayBuffer>> {
  const w = await PdfWriter.create();
  const { meta, summary } = result;
  const f = reportYearFigures(result);
  const eur = (v: string) => formatEur(v, lang);
  const count = (n: number) => formatCount(n, lang);
  // A history not read: whether a Freigrenze is reached, and what is taxable after it, is unknown.
  const unread = reportCompleteness(result).state === "unknown";
  const verdict = (crossed: boolean) => (unread ? labels.verdictUnknown : crossed ? labels.yes : labels.no);
  const afterLimit = (v: string) => (unread ? labels.verdictUnknown : eur(v));
  const title = `${labels.title} ${result.year}`;

  w.doc.setTitle(title);
  w.doc.setAuthor("PulseManager");
  w.doc.setCreator("PulseManager");
  w.doc.setLanguage(lang === "de" ? "de-DE" : "en-US");
  const created = new Date(meta.generatedAt);
  if (!Number.isNaN(created.getTime())) w.doc.setCreationDate(created);

  w.paragraph(title, { font: "bold", size: 20 });
  w.space(2);
  w.paragraph(labels.subtitle, { size: 11, color: COLORS.muted });
  w.rule(COLORS.accent);
  // The year complete in words; when it is not, the banner says how final the figures are.
  if (!writeYearStatus(w, result, labels, lang)) writeNotFinalBanner(w, result, labels);

  w.heading(labels.sectionReport);
  w.row(labels.period, `${formatDate(meta.period.from, lang)} – ${formatDate(meta.period.to, lang)}`);
  w.row(labels.chains, meta.chains.length > 0 ? meta.chains.map(chainLabel).join(", ") : labels.none);
  w.row(labels.wallets, meta.wallets.length > 0 ? count(meta.wallets.length) : labels.none);
  for (const wallet of meta.wallets) w.paragraph(wallet, { font: "mono", size: 9 }, 12);
  w.row(labels.generatedAt, `${formatDateTime(meta.generatedAt, lang)} (${labels.germanTime})`);
  if (meta.historyReadAt)
    w.row(labels.historyReadAt, `${formatDateTime(meta.historyReadAt, lang)} (${labels.germanTime})`);
  w.row(labels.transfersRead, count(meta.transfers));
  w.row(labels.manualEntries, count(meta.manualEntries));

  w.heading(labels.sectionMethod);
  for (const text of [
    labels.methodFifo,
    labels.methodHolding,
    labels.methodSwap,
    labels.methodIncome,
    labels.methodStakes,
    labels.methodPrices,
    ...(meta.forkCost ? [meta.forkCost === "split" ? labels.methodForkSplit : labels.methodForkZero] : []),
  ]) {
    w.paragraph(text, { size: 9.5 });
    w.space(3);
  }

  w.heading(labels.section23, 6);
  w.row(labels.gainTaxable, eur(f.gainTaxable));
  w.row(labels.gainTaxFree, eur(f.gainTaxFree));
  w.row(`${labels.freigrenze23} (${result.year})`, eur(f.freigrenze23));
  w.row(labels.freigrenzeCrossed, verdict(f.freigrenze23Crossed));
  w.row(labels.taxableAfterFreigrenze, afterLimit(f.gainTaxableAfterFreigrenze), { font: "bold" });
  w.row(labels.disposals, count(f.disposals));
  if (isNegative(f.gainTaxable)) w.paragraph(labels.lossNote, { size: 9, color: COLORS.muted });

  w.heading(labels.section22, 4);
  w.row(labels.income22, eur(f.income22));
  w.row(labels.freigrenze22, eur(f.freigrenze22));
  w.row(labels.freigrenzeCrossed, verdict(f.freigrenze22Crossed));
  w.row(labels.taxableAfterFreigrenze, afterLimit(f.income22AfterFreigrenze), { font: "bold" });

  w.heading(labels.sectionCounts, 9);
  for (const [label, n] of [
    [labels.countTotal, summary.total],
    [labels.countBuys, summary.käufe],
    [labels.countSells, summary.verkäufe],
    [labels.countRoi, summary.roi],
    [labels.countSwaps, summary.tausch],
    [labels.countUnknown, summary.unbekannt],
    [labels.countTaxable, summary.steuerpflichtig],
    [labels.countTaxFree, summary.steuerfrei],
    [labels.countUnclear, summary.unknown],
  ] as const)
    w.row(label, count(n));

  w.heading(labels.sectionPrices, Math.min(8, Object.keys(meta.priceSources).length + 1));
  const sources = Object.entries(meta.priceSources).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (sources.length === 0) w.paragraph(labels.noPriceSources);
  else {
    w.row(labels.priceSource, labels.priceRows, { font: "bold", size: 9.5 });
    for (const [source, rows] of sources) w.row(sourceLabel(source, labels, lang), count(rows));
  }

  writeCompleteness(w, result, f, gaps, labels, lang);
  writeDeclarations(w, result, labels, lang);
  writeExcluded(w, result, labels, lang);

  w.heading(`${labels.sectionHoldings} (${formatDate(meta.period.to, lang)})`, 3);
  w.row(labels.openLots, count(result.holdings.length));
  w.row(labels.openTokens, count(new Set(result.holdings.map((l) => `${l.wallet}|${l.asset}`)).size));
  w.row(labels.openLotsUnknownCost, count(result.holdings.filter((l) => l.cost === null).length));

  writeDisposalTable(w, lines, labels, lang);
  writeIncomeTable(w, lines, labels, lang);
  writeAnlageSoPage(w, anlageSoForm(result.year, f, lines), labels, lang);

  w.space(10);
  w.ensure(60);
  w.paragraph(labels.disclaimerTitle, { font: "bold", size: 9, color: COLORS.muted });
  w.paragraph(labels.disclaimer, { size: 8.5, color: COLORS.muted });

  w.footers(`${labels.footer} ${result.year}`, (n, total) => `${labels.page} ${n} ${labels.pageOf} ${total}`);
  // pdf-lib always writes into a plain ArrayBuffer; typed so, the bytes can go straight into a Blob.
  return (await w.doc.save()) as Uint8Array<ArrayBuffer>;
}

/**
 * On the first page, before any figure: a year whose figures are not final says so (core's
 * reportCompleteness, the rule the page and the ROI tracker use).
 */
function writeNotFinalBanner(w: PdfWriter, result: WalletReportResult, labels: AdvisorPdfLabels): void {
  const { state, incompleteChains } = reportCompleteness(result);
  if (state === "final") return;
  const unknown = state === "unknown";
  w.space(6);
  w.paragraph(unknown ? labels.bannerUnknownTitle : labels.bannerProvisionalTitle, {
    font: "bold",
    size: 13,
    color: COLORS.warning,
  });
  w.space(2);
  w.paragraph(unknown ? labels.bannerUnknown : labels.bannerProvisional, { size: 10, color: COLORS.warning });
  if (unknown) w.row(labels.incompleteChains, incompleteChains.map(chainLabel).join(", "), { font: "bold" });
  w.rule(COLORS.warning);
}

function writeCompleteness(
  w: PdfWriter,
  result: WalletReportResult,
  f: YearFigures,
  gaps: ReportGaps,
  labels: AdvisorPdfLabels,
  lang: PdfLanguage,
): void {
  const { summary, meta } = result;
  const count = (n: number) => formatCount(n, lang);

  w.heading(labels.sectionCompleteness, 6);
  if (reportCompleteness(result).state === "final") {
    w.paragraph(labels.complete);
    return;
  }
  w.paragraph(labels.incomplete, { font: "bold", color: COLORS.warning });
  w.space(4);
  w.row(labels.missingPrices, count(summary.missingPrices));
  w.row(labels.unknownCosts, count(summary.unknownCosts));
  w.row(labels.unknownGains, count(f.unknownGains));
  w.row(
    labels.incompleteChains,
    meta.incompleteChains.length > 0 ? meta.incompleteChains.map(chainLabel).join(", ") : labels.none,
  );
  // What can change the figures first (largest EUR value, tokens disposed of), the airdrops grouped last.
  const missing = gaps.important.filter((g) => g.kind === "missingPrice");
  const unknown = gaps.important.filter((g) => g.kind === "unknownCost");
  writeGapList(w, missing, labels.missingPriceList, labels, lang);
  writeGapList(w, unknown, labels.unknownCostList, labels, lang);
  writeAirdropGroup(w, gaps, labels, lang);
}

const GAP_STARTS = [0, 0.13, 0.35, 0.49, 0.86];
const GAP_AMOUNTS = new Set([4]);

function gapDetail(gap: RankedGap, labels: AdvisorPdfLabels): string {
  const what = { value: labels.whatValue, fee: labels.whatFee, income: labels.whatIncome } as const;
  const reason = {
    "unknown-cost": labels.reasonUnknownCost,
    "insufficient-holdings": labels.reasonInsufficientHoldings,
    "no-proceeds": labels.reasonNoProceeds,
  } as const;
  return gap.kind === "missingPrice" ? what[gap.entry.what] : reason[gap.entry.reason];
}

function writeGapList(
  w: PdfWriter,
  gaps: readonly RankedGap[],
  title: string,
  labels: AdvisorPdfLabels,
  lang: PdfLanguage,
): void {
  if (gaps.length === 0) return;
  w.space(6);
  w.paragraph(title, { font: "bold", size: 9.5 });
  const head = [labels.listDate, labels.listToken, labels.listWallet, labels.listDetail, labels.gapValue];
  w.columns(head, GAP_STARTS, { font: "bold" }, GAP_AMOUNTS);
  for (const gap of gaps.slice(0, LIST_LIMIT)) {
    const e = gap.entry;
    const token = gap.kind === "unknownCost" ? `${formatAmount(gap.entry.amount, lang)} ${e.symbol}` : e.symbol;
    const value = gap.valueEur === null ? "–" : formatEur(gap.valueEur, lang);
    w.columns(
      [formatDate(e.date, lang), token, walletLabel(e.wallet, labels), gapDetail(gap, labels), value],
      GAP_STARTS,
      {},
      GAP_AMOUNTS,
    );
  }
  if (gaps.length > LIST_LIMIT)
    w.row(labels.moreInCsv, formatCount(gaps.length - LIST_LIMIT, lang), { size: 9, color: COLORS.muted });
}

/** "Airdrops ohne Preis, nie verkauft: 3.000 (412 Token): HEXP, PLSD, …" */
function writeAirdropGroup(w: PdfWriter, gaps: ReportGaps, labels: AdvisorPdfLabels, lang: PdfLanguage): void {
  const { entries, tokens, symbols } = gaps.airdrops;
  if (entries === 0) return;
  w.space(6);
  w.paragraph(labels.airdropGroupTitle, { font: "bold", size: 9.5 });
  w.row(labels.airdropGroupEntries, formatCount(entries, lang));
  w.row(labels.airdropGroupTokens, formatCount(tokens, lang));
  const more = tokens > symbols.length ? ", …" : "";
  w.paragraph(`${symbols.join(", ")}${more}`, { size: 9 });
  w.paragraph(labels.airdropGroupNote, { size: 9, color: COLORS.muted });
}

/** The tokens left out of rows and figures (spam, fakes, fork copies, blocklist), with the reason. */
function writeExcluded(w: PdfWriter, result: WalletReportResult, labels: AdvisorPdfLabels, lang: PdfLanguage): void {
  const excluded = result.meta.excludedTokens ?? [];
  w.heading(labels.sectionExcluded, 3);
  if (excluded.length === 0) {
    w.paragraph(labels.excludedNone);
    return;
  }
  w.paragraph(labels.excludedIntro, { size: 9 });
  const reason = {
    blocklisted: labels.excludedBlocklisted,
    "fork-copy": labels.excludedForkCopy,
    "fake-symbol": labels.excludedFakeSymbol,
    spam: labels.excludedSpam,
  } as const;
  const starts = [0, 0.12, 0.4, 0.84];
  w.columns([labels.listToken, labels.excludedWhere, labels.excludedReason, labels.excludedTransfers], starts, {
    font: "bold",
  });
  for (const token of excluded)
    w.columns(
      [
        token.symbol,
        `${chainLabel(token.chainId)} ${shortAddress(token.address)}`,
        reason[token.reason],
        formatCount(token.transfers, lang),
      ],
      starts,
    );
}

/** Like the CSV's name, ending .pdf: steuerreport_0x1234_2024_2025-03-01.pdf (date of the export). */
export function advisorPdfFileName(
  result: Pick<WalletReportResult, "address" | "year">,
  date: Date = new Date(),
): string {
  return taxReportFileName(result.address, date, result.year).replace(/\.csv$/, ".pdf");
}
