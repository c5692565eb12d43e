import { DISPLAY_RATE_MAX_AGE_DAYS, type DisplayRate } from "@pulsemanager/core";
import type { FxService } from "../fx/fx-service.ts";

/**
 * The euro reference rate of each day: the one published that day, or the last one before it (weekends,
 * holidays, before the afternoon's publication), at most a week old. Null for a day without one: its
 * values are shown in dollars. Never throws: a missing rate must not break the portfolio.
 */
export async function displayRates(fx: FxService, days: readonly string[]): Promise<Map<string, DisplayRate | null>> {
  const out = new Map<string, DisplayRate | null>(days.map((d) => [d, null]));
  if (days.length === 0) return out;
  try {
    const { rates } = await fx.usdPerEur(days);
    for (const day of days) {
      const r = rates.get(day);
      if (!r || daysBetween(r.rateDate, day) > DISPLAY_RATE_MAX_AGE_DAYS) continue;
      out.set(day, { usdPerEur: r.rate, rateDate: r.rateDate, source: fx.sourceOf(r.rateDate) });
    }
  } catch {
    /* no rate: dollars */
  }
  return out;
}

export async function displayRateOn(fx: FxService, day: string): Promise<DisplayRate | null> {
  return (await displayRates(fx, [day])).get(day) ?? null;
}

function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
}
