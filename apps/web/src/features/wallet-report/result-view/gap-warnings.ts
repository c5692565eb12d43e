/**
 * The warnings' lines about gaps, in core's order (reportGaps, the advisor PDF's order too): first
 * what can change the figures (largest EUR value, tokens disposed of), then the unpriced airdrops that
 * were never sold, as one group.
 */
import type { RankedGap, ReportGaps } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { formatInteger } from "../../../lib/format-number.ts";
import { formatAmount, formatEur, formatReportDate } from "../report-format.ts";

/** Gaps named one by one in the warning; the rest are in the lists below. */
export const GAPS_NAMED = 5;

/** "25.000 DAI · 02.06.2024 · Anschaffungskosten unbekannt · 23.000,00 €" */
export function gapLine(t: TFunction, gap: RankedGap, lang: string): string {
  const e = gap.entry;
  const token = gap.kind === "unknownCost" ? `${formatAmount(gap.entry.amount, lang)} ${e.symbol}` : e.symbol;
  const what =
    gap.kind === "unknownCost"
      ? t(`wallet-report:details.unknown.${gap.entry.reason}`)
      : `${t("wallet-report:details.unknown.missing-price")} (${t(`wallet-report:lists.missingWhat.${gap.entry.what}`)})`;
  const parts = [token, formatReportDate(e.date, lang), what];
  const value = formatEur(gap.valueEur, lang);
  if (value) parts.push(value);
  return parts.join(" · ");
}

export interface GapWarnings {
  /** The gaps that matter: their count and the first few as lines. */
  important: { count: number; lines: string[] };
  /** Unpriced airdrops never sold: title and text, or null when there are none. */
  airdrops: { title: string; text: string } | null;
}

export function gapWarnings(t: TFunction, gaps: ReportGaps, lang: string): GapWarnings {
  const { entries, tokens, symbols } = gaps.airdrops;
  const more = tokens > symbols.length ? ", …" : "";
  return {
    important: {
      count: gaps.important.length,
      lines: gaps.important.slice(0, GAPS_NAMED).map((gap) => gapLine(t, gap, lang)),
    },
    airdrops:
      entries === 0
        ? null
        : {
            title: t("wallet-report:warnings.airdropsTitle", {
              count: entries,
              formatted: formatInteger(entries, lang),
            }),
            text: t("wallet-report:warnings.airdrops", {
              count: tokens,
              formatted: formatInteger(tokens, lang),
              symbols: `${symbols.join(", ")}${more}`,
            }),
          },
  };
}
