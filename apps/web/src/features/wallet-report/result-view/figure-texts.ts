/**
 * The report page's sentences about whether the year's figures are final (core's reportCompleteness
 * and freigrenzeVerdict: one rule for page, PDF and ROI tracker). A figure built on a history that
 * could not be read never reads "steuerfrei" or "nichts zu versteuern".
 */
import { freigrenzeVerdict } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { shortChainName } from "../../../lib/address.ts";
import type { Completeness } from "../result/report-figures.ts";

const VERDICT_KEYS = {
  below: "wallet-report:tiles.freigrenzeNotCrossed",
  crossed: "wallet-report:tiles.freigrenzeCrossed",
  belowProvisional: "wallet-report:tiles.freigrenzeBelowProvisional",
  crossedProvisional: "wallet-report:tiles.freigrenzeCrossedProvisional",
  unknown: "wallet-report:tiles.freigrenzeUnknown",
} as const;

/** The chains whose history could not be read, by name ("PulseChain, Ethereum"). */
export function unreadChainNames(c: Pick<Completeness, "incompleteChains">): string {
  return c.incompleteChains.map((id) => shortChainName(id)).join(", ");
}

/** The Freigrenze sentence under a tile's figure ("…: steuerfrei" only when the figure is final). */
export function freigrenzeSentence(
  t: TFunction,
  c: Pick<Completeness, "state" | "incompleteChains">,
  figure: { crossed: boolean; value: string; limit: string },
): string {
  const key = VERDICT_KEYS[freigrenzeVerdict(c.state, figure.crossed)];
  return t(key, { value: figure.value, limit: figure.limit, chains: unreadChainNames(c) });
}

/** Title and text of a year without rows: "nichts zu versteuern" only when the history was read. */
export function emptyYearSentences(
  t: TFunction,
  c: Pick<Completeness, "state" | "incompleteChains">,
  year: number,
): { title: string; text: string } {
  if (c.state === "unknown")
    return {
      title: t("wallet-report:result.emptyUnknownTitle", { year }),
      text: t("wallet-report:result.emptyUnknownText", { chains: unreadChainNames(c) }),
    };
  return { title: t("wallet-report:result.emptyTitle", { year }), text: t("wallet-report:result.emptyText") };
}

const CROSSED_WORDS = {
  below: "wallet-report:year.notCrossed",
  crossed: "wallet-report:year.crossed",
  belowProvisional: "wallet-report:year.notCrossedProvisional",
  crossedProvisional: "wallet-report:year.crossedProvisional",
  unknown: "wallet-report:year.crossedUnknown",
} as const;

/** The year overview's word for a Freigrenze: "erreicht", "nicht erreicht", or why that is not known. */
export function crossedWord(t: TFunction, c: Pick<Completeness, "state">, crossed: boolean): string {
  return t(CROSSED_WORDS[freigrenzeVerdict(c.state, crossed)]);
}
