/**
 * The ROI tracker's figures from valued payouts: the last 24 hours and 30 days, this German year's
 * §22 income against its Freigrenze, income per day (90 days) and per month (24 months), totals per
 * paying source. Exact decimals; a payout without a value is counted, never added as zero.
 */
import { D } from "../chains/amounts.ts";
import { berlinDateOf } from "../fx/rate-on.ts";
import { freigrenze22 } from "../tax/freigrenze.ts";
import { ExactSum, type Scaled, scaledOf } from "./exact-sum.ts";
import { ROI_DAILY_SECONDS, ROI_LIST_LIMIT, ROI_MONTHLY_SECONDS, ROI_WINDOW_DAYS } from "./reward-senders.ts";
import type { RoiPayout, RoiResult, RoiSeriesPoint, RoiSourceTotal } from "./roi-api.ts";

const MONTHS = 24;

/** Exact sums (bigint, no decimal.js in the loop over the payouts). */
interface Sum {
  usd: ExactSum;
  eur: ExactSum;
  payouts: number;
}

/** A payout's values parsed once (each payout is added to up to six sums). */
interface Parsed {
  usd: Scaled | null;
  eur: Scaled | null;
}

const zero = (): Sum => ({ usd: new ExactSum(), eur: new ExactSum(), payouts: 0 });
const add = (s: Sum, p: Parsed) => {
  s.payouts++;
  if (p.usd !== null) s.usd.addScaled(p.usd);
  if (p.eur !== null) s.eur.addScaled(p.eur);
};
const parse = (p: RoiPayout): Parsed => ({
  usd: p.value === null ? null : scaledOf(p.value),
  eur: p.valueEur === null ? null : scaledOf(p.valueEur),
});
/** Cents, half away from zero (as the tax figures round). */
const money = (s: Sum) => ({ usd: s.usd.rounded(2), eur: s.eur.rounded(2) });

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

function series(periods: string[], parsed: readonly Parsed[], periodOf: (i: number) => string) {
  const sums = new Map(periods.map((p) => [p, zero()]));
  for (let i = 0; i < parsed.length; i++) {
    const s = sums.get(periodOf(i));
    if (s) add(s, parsed[i] as Parsed);
  }
  return periods.map((period): RoiSeriesPoint => {
    const s = sums.get(period) as Sum;
    return { period, ...money(s), payouts: s.payouts };
  });
}

function bySource(payouts: readonly RoiPayout[], parsed: readonly Parsed[]): RoiSourceTotal[] {
  const groups = new Map<string, { sum: Sum; amount: ExactSum; first: RoiPayout; last: number }>();
  for (let i = 0; i < payouts.length; i++) {
    const p = payouts[i] as RoiPayout;
    const key = `${p.chainId}:${p.source}:${p.token}`;
    let g = groups.get(key);
    if (!g) {
      g = { sum: zero(), amount: new ExactSum(), first: p, last: 0 };
      groups.set(key, g);
    }
    add(g.sum, parsed[i] as Parsed);
    g.amount.add(p.amount);
    g.last = Math.max(g.last, p.timeStamp);
  }
  return [...groups.values()]
    .map(({ sum, amount, first, last }) => ({
      chainId: first.chainId,
      source: first.source,
      sourceOwner: first.sourceOwner,
      token: first.token,
      tokenSymbol: first.tokenSymbol,
      amount: amount.exact(),
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
  // Each payout's German date, once (the year, the day and month series and the 24 months use it).
  const dates = payouts.map((p) => berlinDateOf(p.timeStamp));
  const parsed = payouts.map(parse);
  const yearText = String(year);
  for (let i = 0; i < payouts.length; i++) {
    const p = payouts[i] as RoiPayout;
    const v = parsed[i] as Parsed;
    if (p.timeStamp > now - ROI_DAILY_SECONDS) add(day, v);
    if (p.timeStamp > now - ROI_MONTHLY_SECONDS) add(month, v);
    if ((dates[i] as string).startsWith(yearText)) add(thisYear, v);
  }
  const limitWhole = freigrenze22(year) / 10n ** 18n;
  const limit = new D(limitWhole.toString());
  const windowStart = now - ROI_WINDOW_DAYS * 86_400;
  const monthList = months(today);
  const firstMonth = monthList[0] as string;
  const inMonthIndexes = payouts.flatMap((_, i) => ((dates[i] as string).slice(0, 7) >= firstMonth ? [i] : []));
  const inMonths = inMonthIndexes.map((i) => payouts[i] as RoiPayout);
  const recent = payouts.filter((p) => p.timeStamp > windowStart).sort((a, b) => b.timeStamp - a.timeStamp);
  return {
    roiTransactions: recent.slice(0, ROI_LIST_LIMIT),
    roiTransactionCount: recent.length,
    dailyROI: money(day),
    monthlyROI: money(month),
    year: {
      year,
      ...money(thisYear),
      freigrenze: limit.toFixed(2),
      crossed: thisYear.eur.compareWhole(limitWhole) >= 0,
    },
    byDay: series(days(now), parsed, (i) => dates[i] as string),
    byMonth: series(monthList, parsed, (i) => (dates[i] as string).slice(0, 7)),
    bySource: bySource(
      inMonths,
      inMonthIndexes.map((i) => parsed[i] as Parsed),
    ),
    unpriced: inMonths.filter((p) => p.value === null).length,
    ...extra,
  };
}
