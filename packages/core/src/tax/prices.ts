import { D } from "../chains/amounts.ts";
import type { RateOnDay } from "../fx/rate-on.ts";
import { divideFixedText, PRICE_SCALE } from "./fixed.ts";
import { berlinIsoDate } from "./holding-period.ts";
import type { EurPriceLookup, EurPriceQuote } from "./types.ts";

/** A USD price of an asset at a time, with its source label. */
export type UsdPriceLookup = (asset: string, unixSeconds: number) => { usd: string; source: string } | undefined;

/** A German day's euro rate and the source labels written with it (one text per USD source, shared by its quotes). */
interface DayRate {
  rate: RateOnDay;
  sources: Map<string, string>;
}

/** EUR per token: USD per token / USD per EUR, to PRICE_SCALE places (D only for what the bigint division does not take). */
function eurPerToken(usd: string, usdPerEur: string): string {
  return divideFixedText(usd, usdPerEur, PRICE_SCALE) ?? new D(usd).div(new D(usdPerEur)).toFixed(PRICE_SCALE);
}

/**
 * EUR prices from USD prices and ECB reference rates: EUR = USD / (USD per EUR) of the German
 * calendar day (the last published rate before it on weekends and holidays, see fx/rate-on.ts).
 * The source reads "<usd source>+ecb:<rate date>". Each day's rate is asked for once; a caller that
 * asks for the same asset and day again keeps the quote (the report job's eurDayTable does).
 */
export function eurPricesFromUsd(
  usd: UsdPriceLookup,
  usdPerEur: (date: string) => RateOnDay | undefined,
): EurPriceLookup {
  const days = new Map<string, DayRate | null>();
  return (asset, t) => {
    const u = usd(asset, t);
    if (!u) return undefined;
    const date = berlinIsoDate(t);
    let day = days.get(date);
    if (day === undefined) {
      const rate = usdPerEur(date);
      day = rate ? { rate, sources: new Map() } : null;
      days.set(date, day);
    }
    if (!day) return undefined;
    let source = day.sources.get(u.source);
    if (source === undefined) {
      source = `${u.source}+ecb:${day.rate.rateDate}`;
      day.sources.set(u.source, source);
    }
    return { eur: eurPerToken(u.usd, day.rate.rate), source };
  };
}

/**
 * A lookup over fixed EUR prices: per asset a list of [unix seconds from, EUR price] in any order; a
 * time uses the latest price at or before it (none before the first). For tests, manual prices and
 * the command line.
 */
export function fixedEurPrices(
  table: Readonly<Record<string, readonly (readonly [number, string])[]>>,
  source = "manual",
): EurPriceLookup {
  const sorted = new Map<string, { times: number[]; quotes: EurPriceQuote[] }>();
  for (const [asset, rows] of Object.entries(table)) {
    const s = [...rows].sort((a, b) => a[0] - b[0]);
    sorted.set(asset, { times: s.map((r) => r[0]), quotes: s.map((r) => ({ eur: r[1], source })) });
  }
  return (asset, t) => {
    const s = sorted.get(asset);
    if (!s) return undefined;
    let lo = 0;
    let hi = s.times.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((s.times[mid] as number) <= t) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best < 0 ? undefined : s.quotes[best];
  };
}
