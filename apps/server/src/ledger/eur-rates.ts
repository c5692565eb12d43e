import {
  berlinDay,
  type EurPriceLookup,
  type EurPriceQuote,
  eurPricesFromUsd,
  type RateOnDay,
  type UsdPriceLookup,
} from "@pulsemanager/core";
import type { FxService } from "../fx/fx-service.ts";

/** The ECB's USD per EUR of a German calendar day ("2025-01-31"), or undefined where none is known. */
export type EurRateOn = (day: string) => RateOnDay | undefined;

/** The euro reference rates of the days (stored first, fetched once where one is missing), read once. */
export async function eurRates(fx: Pick<FxService, "usdPerEur">, days: readonly string[]): Promise<EurRateOn> {
  const { rates } = await fx.usdPerEur(days);
  return (day) => rates.get(day);
}

/**
 * EUR prices for the engine from the report's USD prices and euro rates (core's eurPricesFromUsd),
 * each asset's quote worked out once per day and kept in a table: the price depends only on the UTC
 * day (the USD price) and the German day (the rate), while the engine asks once per record.
 */
export function eurDayTable(usd: UsdPriceLookup, usdPerEur: (date: string) => RateOnDay | undefined): EurPriceLookup {
  const convert = eurPricesFromUsd(usd, usdPerEur);
  const tables = new Map<string, Map<number, EurPriceQuote | null>>();
  return (asset, t) => {
    let table = tables.get(asset);
    if (!table) {
      table = new Map();
      tables.set(asset, table);
    }
    const utcDay = Math.floor(t / 86_400);
    // The German day is the UTC day or the next one.
    const key = utcDay * 2 + (berlinDay(t) - utcDay);
    let quote = table.get(key);
    if (quote === undefined) {
      quote = convert(asset, t) ?? null;
      table.set(key, quote);
    }
    return quote ?? undefined;
  };
}
