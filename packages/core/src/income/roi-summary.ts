/**
 * The ROI tracker's figures from valued payouts: the last 24 hours and 30 days, this German year's
 * §22 income against its Freigrenze, income per day (90 days) and per month (24 months), totals per
 * paying source. Exact decimals; a payout without a value is counted, never added as zero.
 */
import { D, type Dec } from "../chains/amounts.ts";
import { berlinDateOf } from "../fx/rate-on.ts";
import { freigrenze22 } from "../tax/freigrenze.ts";
import { ROI_DAILY_SECONDS, ROI_LIST_LIMIT, ROI_MONTHLY_SECONDS, ROI_WINDOW_DAYS } from "./reward-senders.ts";
import type { RoiPayout, RoiResult, RoiSeriesPoint, RoiSourceTotal } from "./roi-api.ts";

const MONTHS = 24;

interface Sum {
  usd: Dec;
  eur: Dec;
  payouts: number;
}

const zero = (): Sum => ({ usd: new D(0), eur: new D(0), payouts: 0 });
const add = (s: Sum, p: RoiPayout) => {
  s.payouts++;
  if (p.value !== null) s.usd = s.usd.add(p.value);
  if (p.valueEur !== null) s.eur = s.eur.add(p.valueEur);
};
/** Cents, half away from zero (as the tax figures round). */
const cents = (d: Dec) => d.toFixed(2, D.ROUND_HALF_UP);
const money = (s: Sum) => ({ usd: cents(s.usd), eur: cents(s.eur) });

function days(now: number): string[] {
  const out: string[] = [];
  for (let i = ROI_WINDOW_DAYS - 1; i >= 0; i--) out.push(berlinDateOf(now - i * 86_400));
  return [...new Set(out)];
}

function months(today: string): string[] {
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const out: string[] = [];
  for (let i = 0; i < MONTHS; i++) {
    out.unshift(`${y}-${String(m).padStart(2, "0")}`);
    m--;
    if (m === 0) {
      m = 12;
      y--;
    }
  }
  return out;
}

function series(periods: string[], payouts: readonly RoiPayout[], periodOf: (p: RoiPayout) => string) {
  const sums = new Map(periods.map((p) => [p, zero()]));
  for (const p of payouts) {
    const s = sums.get(periodOf(p));
    if (s) add(s, p);
  }
  return periods.map((period): RoiSeriesPoint => {
    const s = sums.get(period) as Sum;
    return { period, ...money(s), payouts: s.payouts };
  });
}

function bySource(payouts: readonly RoiPayout[]): RoiSourceTotal[] {
  const groups = new Map<string, { sum: Sum; amount: Dec; first: RoiPayout; last: number }>();
  for (const p of payouts) {
    const key = `${p.chainId}:${p.source}:${p.token}`;
    let g = groups.get(key);
    if (!g) {
      g = { sum: zero(), amount: new D(0), first: p, last: 0 };
      groups.set(key, g);
    }
    add(g.sum, p);
    g.amount = g.amount.add(p.amount);
    g.last = Math.max(g.last, p.timeStamp);
  }
  return [...groups.values()]
    .map(({ sum, amount, first, last }) => ({
      chainId: first.chainId,
      source: first.source,
      sourceOwner: first.sourceOwner,
      token: first.token,
      tokenSymbol: first.tokenSymbol,
      amount: amount.toFixed(),
      ...money(sum),
      payouts: sum.payouts,
      lastPayout: last,
    }))
    .sort((a, b) => new D(b.usd).cmp(a.usd) || b.payouts - a.payouts);
}

/** `payouts`: valued payouts of (at least) the last 24 months; `now`: unix seconds. */
export function roiSummary(
  payouts: readonly RoiPayout[],
  now: number,
  extra: Pick<RoiResult, "lastUpdated" | "problems">,
): RoiResult {
  const today = berlinDateOf(now);
  const year = Number(today.slice(0, 4));
  const day = zero();
  const month = zero();
  const thisYear = zero();
  for (const p of payouts) {
    if (p.timeStamp > now - ROI_DAILY_SECONDS) add(day, p);
    if (p.timeStamp > now - ROI_MONTHLY_SECONDS) add(month, p);
    if (berlinDateOf(p.timeStamp).startsWith(String(year))) add(thisYear, p);
  }
  const limit = new D((freigrenze22(year) / 10n ** 18n).toString());
  const windowStart = now - ROI_WINDOW_DAYS * 86_400;
  const monthList = months(today);
  const inMonths = payouts.filter((p) => berlinDateOf(p.timeStamp).slice(0, 7) >= (monthList[0] as string));
  const recent = payouts.filter((p) => p.timeStamp > windowStart).sort((a, b) => b.timeStamp - a.timeStamp);
  return {
    roiTransactions: recent.slice(0, ROI_LIST_LIMIT),
    roiTransactionCount: recent.length,
    dailyROI: money(day),
    monthlyROI: money(month),
    year: { year, ...money(thisYear), freigrenze: limit.toFixed(2), crossed: thisYear.eur.gte(limit) },
    byDay: series(days(now), payouts, (p) => berlinDateOf(p.timeStamp)),
    byMonth: series(monthList, payouts, (p) => berlinDateOf(p.timeStamp).slice(0, 7)),
    bySource: bySource(inMonths),
    unpriced: inMonths.filter((p) => p.value === null).length,
    ...extra,
  };
}
