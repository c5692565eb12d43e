import Decimal from "decimal.js";
import { berlinDay, isoDate } from "../tax/holding-period.ts";
import type { Alert } from "./alerts-api.ts";

/** One income payout as the alert rules see it (the ROI tracker's valued payout). */
export interface PayoutFact {
  chainId: number;
  /** The distributor or tracker that paid. */
  source: string;
  symbol: string;
  /** Unix seconds. */
  timeStamp: number;
  /** Null when no price was found: counted as a payout, not as money. */
  eur: string | null;
  usd: string | null;
}

/** Monday of the last whole (Berlin) week before the one `today` lies in; day 0, 1970-01-01, was a Thursday. */
export function lastWeekStart(today: number): number {
  return today - ((today + 3) % 7) - 7;
}

interface Sums {
  chainId: number;
  source: string;
  symbol: string;
  eur: Decimal;
  usd: Decimal;
  previousEur: Decimal;
  previousUsd: Decimal;
}

const fixed = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

function sumWeeks(payouts: readonly PayoutFact[], weekStart: number): Map<string, Sums> {
  const bySource = new Map<string, Sums>();
  for (const p of payouts) {
    const day = berlinDay(p.timeStamp);
    const week =
      day >= weekStart && day < weekStart + 7 ? "this" : day >= weekStart - 7 && day < weekStart ? "prev" : null;
    if (!week) continue;
    const key = `${p.chainId}:${p.source.toLowerCase()}:${p.symbol}`;
    const zero = new Decimal(0);
    let s = bySource.get(key);
    if (!s) {
      s = {
        chainId: p.chainId,
        source: p.source.toLowerCase(),
        symbol: p.symbol,
        eur: zero,
        usd: zero,
        previousEur: zero,
        previousUsd: zero,
      };
      bySource.set(key, s);
    }
    if (week === "this") {
      s.eur = s.eur.add(p.eur ?? 0);
      s.usd = s.usd.add(p.usd ?? 0);
    } else {
      s.previousEur = s.previousEur.add(p.eur ?? 0);
      s.previousUsd = s.previousUsd.add(p.usd ?? 0);
    }
  }
  return bySource;
}

/**
 * The weekly summary of the last whole week (Monday to Sunday, German time) before `today` (a Berlin
 * day number): income per source in EUR and USD beside the week before. None when neither week paid.
 */
export function weeklyIncomeAlert(payouts: readonly PayoutFact[], today: number): Alert | null {
  const weekStart = lastWeekStart(today);
  const sums = [...sumWeeks(payouts, weekStart).values()].sort((a, b) => b.eur.cmp(a.eur));
  if (sums.length === 0) return null;
  const total = (pick: (s: Sums) => Decimal) => fixed(sums.reduce((t, s) => t.add(pick(s)), new Decimal(0)));
  const start = isoDate(weekStart);
  return {
    key: `incomeWeekly:${start}`,
    facts: {
      kind: "incomeWeekly",
      weekStart: start,
      weekEnd: isoDate(weekStart + 6),
      sources: sums.map((s) => ({
        chainId: s.chainId,
        source: s.source,
        symbol: s.symbol,
        eur: fixed(s.eur),
        usd: fixed(s.usd),
        previousEur: fixed(s.previousEur),
        previousUsd: fixed(s.previousUsd),
      })),
      eur: total((s) => s.eur),
      usd: total((s) => s.usd),
      previousEur: total((s) => s.previousEur),
      previousUsd: total((s) => s.previousUsd),
    },
  };
}

/** A source counts as regular when it paid in each of this many weeks before its last payout. */
export const REGULAR_WEEKS = 4;

/** Whether the source paid in each of the REGULAR_WEEKS 7-day spans up to its last payout. */
function paidEveryWeek(times: readonly number[], last: number): boolean {
  for (let w = 0; w < REGULAR_WEEKS; w++) {
    const to = last - w * 7 * 86_400;
    if (!times.some((t) => t <= to && t > to - 7 * 86_400)) return false;
  }
  return true;
}

/**
 * Sources that paid every week and have paid nothing for `days` days at `now` (unix seconds). The alert
 * is due in the week after the silence reached `days` (a source silent for months is not news); its key
 * names the last payout, so a source that pays again and stops again is reported again.
 */
export function stoppedIncomeAlerts(payouts: readonly PayoutFact[], now: number, days: number): Alert[] {
  const bySource = new Map<string, PayoutFact[]>();
  for (const p of payouts) {
    const key = `${p.chainId}:${p.source.toLowerCase()}`;
    const list = bySource.get(key);
    if (list) list.push(p);
    else bySource.set(key, [p]);
  }
  const alerts: Alert[] = [];
  for (const [key, list] of bySource) {
    const times = list.map((p) => p.timeStamp);
    const last = Math.max(...times);
    const silentDays = Math.floor((now - last) / 86_400);
    if (silentDays < days || silentDays >= days + 7 || !paidEveryWeek(times, last)) continue;
    const first = list.find((p) => p.timeStamp === last) as PayoutFact;
    const lastPayoutDate = isoDate(berlinDay(last));
    alerts.push({
      key: `incomeStopped:${key}:${lastPayoutDate}`,
      facts: {
        kind: "incomeStopped",
        chainId: first.chainId,
        source: first.source.toLowerCase(),
        symbol: first.symbol,
        lastPayoutDate,
        days: silentDays,
      },
    });
  }
  return alerts;
}
