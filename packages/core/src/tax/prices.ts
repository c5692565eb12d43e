import { D } from "../chains/amounts.ts";
import type { RateOnDay } from "../fx/rate-on.ts";
import { divideFixedText, PRICE_SCALE } from "./fixed.ts";
import { berlinIsoDate } from "./holding-period.ts";
import type { EurPriceLookup, EurPriceQuote } from "./types.ts";

/** A USD price of an asset at a time, with its source label. */
export type UsdPriceLookup = (asset: string, unixSeconds: number) => { usd: string; source: string } | undefined;

/**
 * EUR prices from USD prices and ECB reference rates: EUR = USD / (USD per EUR) of the German
 * calendar day (the last published rate before it on weekends and holidays, see fx/rate-on.ts).
 * The source reads "<usd source>+ecb:<rate date>". Divisions are cached per price and rate.
 */
export function eurPricesFromUsd(
  usd: UsdPriceLookup,
  usdPerEur: (date: string) => RateOnDay | undefined,
): EurPriceLookup {
  const rates = new Map<string, RateOnDay | undefined>();
  const quotients = new Map<string, string>();
  return (asset, t) => {
    const u = usd(asset, t);
    if (!u) return undefined;
    const date = berlinIsoDate(t);
    let rate = rates.get(date);
    if (rate === undefined && !rates.has(date)) {
      rate = usdPerEur(date);
      rates.set(date, rate);
    }
    if (!rate) return undefined;
    const key = `${u.usd}/${rate.rate}`;
    let eur = quotients.get(key);
    if (eur === undefined) {
      eur = divideFixedText(u.usd, rate.rate, PRICE_SCALE) ?? new D(u.usd).div(new D(rate.rate)).toFixed(PRICE_SCALE);
      if (quotients.size > 500_000) quotients.clear();
      quotients.set(key, eur);
    }
    return { eur, source: `${u.source}+ecb:${rate.rateDate}` };
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
