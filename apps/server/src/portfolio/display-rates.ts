import { DISPLAY_RATE_MAX_AGE_DAYS, type DisplayRate } from "@pulsemanager/core";
import type { FxService } from "../fx/fx-service.ts";

/** A portfolio waits this long for the rates at most (a slow ECB must not hold up the values). */
export const DISPLAY_RATE_WAIT_MS = 5_000;

/**
 * The euro reference rate of each day: the one published that day, or the last one before it (weekends,
 * holidays, before the afternoon's publication), at most a week old. Null for a day without one, or when
 * the rates take longer than `waitMs` (they are stored once they arrive): its values are shown in
 * dollars. Never throws: a missing rate must not break the portfolio.
 */
export async function displayRates(
  fx: FxService,
  days: readonly string[],
  waitMs = DISPLAY_RATE_WAIT_MS,
): Promise<Map<string, DisplayRate | null>> {
  const out = new Map<string, DisplayRate | null>(days.map((d) => [d, null]));
  if (days.length === 0) return out;
  let timer: NodeJS.Timeout | undefined;
  try {
    const lookup = fx.usdPerEur(days);
    lookup.catch(() => undefined);
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const answer = await Promise.race([lookup, late]);
    if (!answer) return out;
    const { rates } = answer;
    for (const day of days) {
      const r = rates.get(day);
      if (!r || daysBetween(r.rateDate, day) > DISPLAY_RATE_MAX_AGE_DAYS) continue;
      out.set(day, { usdPerEur: r.rate, rateDate: r.rateDate, source: fx.sourceOf(r.rateDate) });
    }
  } catch {
    /* no rate: dollars */
  } finally {
    clearTimeout(timer);
  }
  return out;
}

export async function displayRateOn(fx: FxService, day: string): Promise<DisplayRate | null> {
  return (await displayRates(fx, [day])).get(day) ?? null;
}

function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
}
