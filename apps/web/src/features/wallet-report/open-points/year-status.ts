/**
 * Whether a tax year is complete, in words (the tile and the section): complete only when nothing is
 * left on the "Offene Punkte" list, no price is missing and every chain was read to the end. The
 * list's answer decides when it is there (it knows the declarations made since the report);
 * otherwise the report's own figures do.
 */
import type { TaxUnknownsResponse } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { shortChainName } from "../../../lib/address.ts";
import type { Completeness } from "../report-figures.ts";

export interface YearStatus {
  complete: boolean;
  /** Groups on the list; null while the list is not known. */
  openPoints: number | null;
  missingPrices: number;
  incompleteChains: number[];
}

export function yearStatusOf(
  completeness: Pick<Completeness, "missingPrices" | "incompleteChains" | "state">,
  unknowns: Pick<TaxUnknownsResponse, "groups" | "complete" | "report"> | undefined,
  reportGroups: number | null,
): YearStatus {
  const { missingPrices, incompleteChains } = completeness;
  // Without a report over all wallets the list says nothing: the shown report's own groups count.
  const listed = unknowns?.report ? unknowns : undefined;
  const openPoints = listed ? listed.groups.length : reportGroups;
  const complete = listed
    ? listed.complete
    : openPoints === 0 && missingPrices === 0 && incompleteChains.length === 0 && completeness.state === "final";
  return { complete, openPoints, missingPrices, incompleteChains };
}

/** "Das Jahr 2024 ist vollständig" or "Noch 3 offene Punkte, 2 fehlende Preise". */
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

/** The groups the report stored; null for a report made before the list existed. */
export function reportGroupCount(result: object): number | null {
  const groups = (result as { unknowns?: readonly unknown[] }).unknowns;
  return Array.isArray(groups) ? groups.length : null;
}
