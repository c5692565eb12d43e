/**
 * The sentence under the year's ROI income: the Freigrenze verdict only when the figure is final
 * (core's taxFigureState): with a chain that could not be read it is unknown, with unpriced payouts
 * provisional.
 */
import { freigrenzeVerdict, type RoiResult, taxFigureState } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { eur } from "./roi-money.ts";

const KEYS = {
  below: "roi:cards.below",
  crossed: "roi:cards.crossed",
  belowProvisional: "roi:cards.belowProvisional",
  crossedProvisional: "roi:cards.crossedProvisional",
  unknown: "roi:cards.unknown",
} as const;

export function roiYearVerdict(roi: Pick<RoiResult, "year" | "problems" | "unpriced">) {
  const state = taxFigureState({ unreadHistories: roi.problems.length, unknownValues: roi.unpriced });
  return freigrenzeVerdict(state, roi.year.crossed);
}

export function roiYearSentence(t: TFunction, roi: Pick<RoiResult, "year" | "problems" | "unpriced">, lang: string) {
  return t(KEYS[roiYearVerdict(roi)], { value: eur(roi.year.eur, lang), limit: eur(roi.year.freigrenze, lang) });
}
