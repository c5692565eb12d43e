/**
 * Whether a tax year is complete, in words (the tile, the section and the advisor PDF's first page):
 * complete only when nothing is left on the "Offene Punkte" list, no price is missing and every chain
 * was read to the end. The list's answer decides when it is there (it knows the declarations made
 * since the report); otherwise the report's own groups do.
 */
import { reportCompleteness, type TaxUnknownsResponse } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { shortChainName } from "../../../lib/address.ts";

export interface YearStatus {
  complete: boolean;
  /** Groups on the list; null while the list is not known. */
  openPoints: number | null;
  missingPrices: number;
  incompleteChains: number[];
}

type ReportFacts = Parameters<typeof reportCompleteness>[0];

/** The year as the report saw it when it was made (core's reportCompleteness; the PDF's words). */
export function reportYearStatus(result: ReportFacts): YearStatus {
  const { complete, openGroups, missingPrices, incompleteChains } = reportCompleteness(result);
  return { complete, openPoints: openGroups, missingPrices, incompleteChains };
}

/** The year as the page shows it: the list's answer when there is one for the year. */
export function yearStatusOf(
  result: ReportFacts,
  unknowns: Pick<TaxUnknownsResponse, "groups" | "complete" | "report"> | undefined,
): YearStatus {
  const own = reportYearStatus(result);
  // Without a report over all wallets the list says nothing: the shown report's own groups count.
  if (!unknowns?.report) return own;
  return { ...own, complete: unknowns.complete, openPoints: unknowns.groups.length };
}

/** "Das Jahr 2024 ist vollständig" or "Jahr 2024: noch 3 offene Punkte, 2 fehlende Preise". */
export function yearStatusSentence(t: TFunction, status: YearStatus, year: number): string {
  if (status.complete) return t("wallet-report:openPoints.status.complete", { year });
  const parts: string[] = [];
  if (status.openPoints) parts.push(t("wallet-report:openPoints.status.open", { count: status.openPoints }));
  if (status.missingPrices > 0)
    parts.push(t("wallet-report:openPoints.status.missingPrices", { count: status.missingPrices }));
  if (status.incompleteChains.length > 0)
    parts.push(
      t("wallet-report:openPoints.status.chains", {
        chains: status.incompleteChains.map((id) => shortChainName(id)).join(", "),
      }),
    );
  if (parts.length === 0) return t("wallet-report:openPoints.status.notComplete", { year });
  return t("wallet-report:openPoints.status.remaining", { year, parts: parts.join(", ") });
}
