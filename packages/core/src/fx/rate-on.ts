import { D } from "../chains/amounts.ts";
import { berlinIsoDate } from "../tax/holding-period.ts";

/**
 * EUR conversion with ECB reference rates (pure). Rates map "YYYY-MM-DD" -> USD per 1 EUR as a
 * decimal string ("1.0389"); the ECB publishes business days only (no weekends, 1 Jan, Good Friday,
 * Easter Monday, 1 May, 25/26 Dec), so a day without a rate uses the last one published before it.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const POSITIVE_DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export interface RateOnDay {
  /** USD per EUR. */
  rate: string;
  /** The ECB business day the rate belongs to (equal to the asked date, or the last one before it). */
  rateDate: string;
}

export interface RateLookupOptions {
  /** Refuse rates older than this many calendar days before the asked date (default: no limit). */
  maxLookbackDays?: number;
}

function checkDate(date: string): void {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== date) throw new RangeError(`not a calendar date: ${date}`);
}

function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
}

/**
 * The USD-per-EUR rate for `date`: that day's rate, or on weekends/holidays (and before the day's
 * publication) the last one published before it; undefined when there is none before it (or, with
 * `maxLookbackDays`, none recent enough). Keys that are not YYYY-MM-DD are ignored.
 */
export function usdPerEurOn(
  date: string,
  rates: ReadonlyMap<string, string>,
  options: RateLookupOptions = {},
): RateOnDay | undefined {
  checkDate(date);
  let found: RateOnDay | undefined;
  const exact = rates.get(date);
  if (exact !== undefined) found = { rate: exact, rateDate: date };
  else {
    for (const [day, rate] of rates) {
      if (!DATE.test(day) || day > date) continue;
      if (!found || day > found.rateDate) found = { rate, rateDate: day };
    }
  }
  if (found && options.maxLookbackDays !== undefined && daysBetween(found.rateDate, date) > options.maxLookbackDays)
    return undefined;
  return found;
}

/**
 * A lookup over a fixed set of rates with a binary search, for many dates at once (the full history has
 * ~6,800 days); same answers as usdPerEurOn.
 */
export function rateLookup(
  rates: ReadonlyMap<string, string>,
  options: RateLookupOptions = {},
): (date: string) => RateOnDay | undefined {
  const days = [...rates.keys()].filter((d) => DATE.test(d)).sort();
  return (date: string) => {
    checkDate(date);
    let lo = 0;
    let hi = days.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((days[mid] as string) <= date) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (best < 0) return undefined;
    const rateDate = days[best] as string;
    if (options.maxLookbackDays !== undefined && daysBetween(rateDate, date) > options.maxLookbackDays)
      return undefined;
    return { rate: rates.get(rateDate) as string, rateDate };
  };
}

/** The calendar date (UTC) of a unix timestamp in seconds, "YYYY-MM-DD". */
export function utcDateOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

/**
 * The calendar date in Germany (Europe/Berlin, CET/CEST) of a unix timestamp in seconds, "YYYY-MM-DD":
 * the tax engine's one implementation (DST by the EU rule), under the name the money code reads.
 */
export const berlinDateOf: (unixSeconds: number) => string = berlinIsoDate;

/**
 * USD -> EUR: EUR = USD / (USD per EUR), computed with decimal.js at 80 significant digits and returned
 * unrounded as a plain decimal string (round for display only). `usd` may be negative; the rate must be
 * a positive decimal.
 */
export function usdToEur(usd: string, usdPerEur: string): string {
  const rateText = usdPerEur.trim();
  if (!POSITIVE_DECIMAL.test(rateText)) throw new RangeError(`not a positive decimal rate: ${usdPerEur}`);
  const rate = new D(rateText);
  if (rate.isZero()) throw new RangeError("rate must not be zero");
  const amount = new D(usd.trim());
  if (!amount.isFinite()) throw new RangeError(`not a decimal amount: ${usd}`);
  return amount.div(rate).toFixed();
}

/** EUR -> USD: USD = EUR x (USD per EUR), exact (decimal.js), unrounded; the rate must be a positive decimal. */
export function eurToUsd(eur: string, usdPerEur: string): string {
  const rateText = usdPerEur.trim();
  if (!POSITIVE_DECIMAL.test(rateText)) throw new RangeError(`not a positive decimal rate: ${usdPerEur}`);
  const amount = new D(eur.trim());
  if (!amount.isFinite()) throw new RangeError(`not a decimal amount: ${eur}`);
  return amount.mul(new D(rateText)).toFixed();
}
