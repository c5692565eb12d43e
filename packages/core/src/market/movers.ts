import { D, type Dec } from "../chains/amounts.ts";
import type { MarketTokenRef, Mover } from "./market-api.ts";

/** Percent change from `then` to `now`, 2 places; null when `then` is missing or zero. */
export function percentChange(now: string | null, then: string | null): string | null {
  if (now === null || then === null) return null;
  const start = new D(then);
  if (start.isZero()) return null;
  return new D(now).sub(start).div(start).mul(100).toDecimalPlaces(2).toFixed(2);
}

/**
 * A token's row among the movers from its price now and at the timeframe's start (both as the price
 * policy gives them: core's price-policy.ts); none without both or without a change.
 */
export function moverOf(ref: MarketTokenRef, now: Dec | undefined, then: Dec | undefined): Mover | undefined {
  const change = percentChange(now?.toFixed() ?? null, then?.toFixed() ?? null);
  if (!now || !then || change === null) return undefined;
  const { chainId, address, symbol, name } = ref;
  const price = (p: Dec) => p.toSignificantDigits(12).toFixed();
  return { chainId, address, symbol, name, priceUsd: price(now), priceThenUsd: price(then), change };
}

/**
 * Gainers (largest rise first) and losers (largest fall first), `perSide` each. A token that did not
 * move is neither; one without a change is left out.
 */
export function rankMovers<T extends { change: string | null }>(
  items: readonly T[],
  perSide: number,
): { gainers: T[]; losers: T[] } {
  const moved = items.filter((i) => i.change !== null && !new D(i.change).isZero());
  const byChange = [...moved].sort((a, b) => new D(b.change as string).cmp(new D(a.change as string)));
  const gainers = byChange.filter((i) => new D(i.change as string).gt(0)).slice(0, perSide);
  const losers = byChange
    .filter((i) => new D(i.change as string).lt(0))
    .reverse()
    .slice(0, perSide);
  return { gainers, losers };
}
