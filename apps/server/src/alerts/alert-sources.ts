import {
  type Alert,
  type AlertSettings,
  berlinDay,
  freigrenzeAlert,
  fromBaseUnits,
  HEARTS_PER_HEX,
  HEX_LAUNCH_SECONDS,
  hexStakeAlerts,
  hexStakeYield,
  isoDate,
  lastWeekStart,
  type PayoutFact,
  type RoiPayout,
  type StakeFact,
  stoppedIncomeAlerts,
  taxFreeAlerts,
  weeklyIncomeAlert,
} from "@pulsemanager/core";
import { readStakes, type StakeReadDeps } from "../positions/position-reads.ts";
import { loadRoiPayouts, type RoiDeps } from "../roi/roi-service.ts";
import { openLots } from "../tax-planning/open-lots-service.ts";
import { type PlanningDeps, planningMoment } from "../tax-planning/planning-run.ts";

/** Unix seconds of a date. */
const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

/** HEX's day number at a moment (days from its launch, 00:00 UTC), the same on both chains. */
export function hexDayAt(now: Date): number {
  return Math.floor((secondsOf(now) - HEX_LAUNCH_SECONDS) / 86_400);
}

/**
 * The HEX stakes of the wallets on every chain with HEX, read from the contract (one multicall round
 * per chain, no explorer), each with its principal and the payout estimated up to its end day.
 */
export async function stakeFacts(chain: StakeReadDeps, wallets: readonly string[]): Promise<StakeFact[]> {
  const facts: StakeFact[] = [];
  const problems: string[] = [];
  for (const chainId of chain.hexStakes.keys()) {
    const read = await readStakes(chain, chainId, wallets, problems);
    for (const { wallet, entry } of read?.stakes ?? []) {
      const endDay = entry.lockedDay + entry.stakedDays;
      const yieldHearts = hexStakeYield(entry, endDay, read?.daily ?? { beginDay: 0, words: [] });
      facts.push({
        chainId,
        wallet,
        stakeId: entry.stakeId.toString(),
        lockedDay: entry.lockedDay,
        stakedDays: entry.stakedDays,
        unlockedDay: entry.unlockedDay,
        principalHex: fromBaseUnits(entry.stakedHearts, HEARTS_PER_HEX).toFixed(),
        payoutHex: fromBaseUnits(entry.stakedHearts + yieldHearts, HEARTS_PER_HEX).toFixed(),
      });
    }
  }
  if (problems.length > 0 && facts.length === 0) throw new Error(problems.join("; "));
  return facts;
}

export async function stakeAlertsFor(chain: StakeReadDeps, wallets: readonly string[], now: Date): Promise<Alert[]> {
  return hexStakeAlerts(await stakeFacts(chain, wallets), hexDayAt(now));
}

/** A valued payout as the income rules see it: the printer's symbol where known, else the paid token's. */
function payoutFact(p: RoiPayout): PayoutFact {
  return {
    chainId: p.chainId,
    source: p.source,
    symbol: p.sourceOwner?.symbol ?? p.tokenSymbol,
    timeStamp: p.timeStamp,
    eur: p.valueEur,
    usd: p.value,
  };
}

/** Payouts are read back this far: the stop rule looks at four weeks before a silence of up to 97 days. */
const INCOME_WINDOW_SECONDS = 130 * 86_400;

/**
 * The weekly summary and the stopped sources, from the ROI tracker's payouts (the one income rule). A
 * chain whose history could not be read to the end says nothing: its sources are not called stopped, and
 * the week's summary waits for a run that reads every chain (its key is the week's, so it comes once).
 */
export async function incomeAlertsFor(deps: RoiDeps, userId: string, settings: AlertSettings): Promise<Alert[]> {
  const { payouts, incompleteChains } = await loadRoiPayouts(deps, userId, INCOME_WINDOW_SECONDS);
  const unread = new Set(incompleteChains);
  const facts = payouts.map(payoutFact);
  const now = deps.now();
  const alerts: Alert[] = [];
  if (settings.incomeWeekly.enabled && unread.size === 0) {
    const week = weeklyIncomeAlert(facts, berlinDay(secondsOf(now)));
    if (week) alerts.push(week);
  }
  if (settings.incomeStopped.enabled) {
    const read = facts.filter((p) => !unread.has(p.chainId));
    alerts.push(...stoppedIncomeAlerts(read, secondsOf(now), settings.incomeStopped.days));
  }
  return alerts;
}

/** The weekly summary of the last week as it stands (the test mail's content): empty when nothing was paid. */
export async function weeklySummaryNow(deps: RoiDeps, userId: string): Promise<Alert> {
  const { payouts } = await loadRoiPayouts(deps, userId, 21 * 86_400);
  const today = berlinDay(secondsOf(deps.now()));
  const found = weeklyIncomeAlert(payouts.map(payoutFact), today);
  if (found) return found;
  const monday = lastWeekStart(today);
  return {
    key: `incomeWeekly:test:${isoDate(monday)}`,
    facts: {
      kind: "incomeWeekly",
      weekStart: isoDate(monday),
      weekEnd: isoDate(monday + 6),
      sources: [],
      ...{ eur: "0.00", usd: "0.00", previousEur: "0.00", previousUsd: "0.00" },
    },
  };
}

/** Tax-free dates and the Freigrenze from the tax planning's engine run over the stored history. */
export async function taxAlertsFor(deps: PlanningDeps, userId: string, settings: AlertSettings): Promise<Alert[]> {
  const plan = await openLots(deps, userId, planningMoment(undefined, deps.now()));
  const alerts: Alert[] = [];
  // A lot on a chain whose history was not read to the end may already be sold: not announced.
  const unread = new Set(plan.incompleteChains);
  const lots = plan.lots.filter((l) => l.chainId === null || !unread.has(l.chainId));
  if (settings.taxFree.enabled) alerts.push(...taxFreeAlerts(lots, settings.taxFree.minValueEur));
  const freigrenze = settings.freigrenze.enabled ? freigrenzeAlert(plan.room) : null;
  if (freigrenze) alerts.push(freigrenze);
  return alerts;
}
