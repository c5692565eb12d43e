import {
  dayOfIso,
  type OpenLotsResponse,
  plannedLots,
  type TaxReport,
  taxFreeTimeline,
  tokenTotals,
  yearRoom,
} from "@pulsemanager/core";
import { momentPrices } from "./moment-prices.ts";
import { type PlanningDeps, type PlanningMoment, planningRun } from "./planning-run.ts";

/** The year's room of an engine run (its figures of the moment's year); unread histories make it unknown. */
export function roomOf(report: TaxReport, year: number, incompleteChains: readonly number[]) {
  return yearRoom(year, report.years[String(year)], incompleteChains.length);
}

/** An answer for a user without wallets: nothing open, the whole room left. */
function emptyPlan(moment: PlanningMoment): OpenLotsResponse {
  const room = yearRoom(moment.year, undefined);
  return {
    ...{ at: moment.day, room, tokens: [], lots: [], timeline: [], unpriced: [] },
    ...{ historyReadAt: null, incompleteChains: [] },
  };
}

/**
 * GET /api/tax/open-lots: the open lots at the moment, by the wallet report's engine and rules over
 * the stored history, valued at the moment's prices; per token, the next 12 months, the year's room.
 */
export async function openLots(deps: PlanningDeps, userId: string, moment: PlanningMoment): Promise<OpenLotsResponse> {
  const planning = await planningRun(deps, userId, moment);
  if (!planning) return emptyPlan(moment);
  const report = planning.run.engine({ rows: false });
  const symbols = new Map(report.holdings.map((l) => [l.asset, l.symbol]));
  const assets = [...symbols.keys()];
  const priceOf = await momentPrices(deps, planning.run, assets, moment.time);
  const lots = plannedLots(report.holdings, moment.day, (asset) => priceOf(asset)?.eur);
  const unpriced = assets
    .filter((asset) => priceOf(asset) === undefined)
    .map((asset) => ({ asset, symbol: symbols.get(asset) ?? asset }));
  return {
    at: moment.day,
    room: roomOf(report, moment.year, planning.incompleteChains),
    tokens: tokenTotals(lots),
    lots,
    timeline: taxFreeTimeline(lots, dayOfIso(moment.day)),
    unpriced,
    historyReadAt: planning.historyReadAt.toISOString(),
    incompleteChains: planning.incompleteChains,
  };
}
