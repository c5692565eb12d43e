import { D, type Dec } from "../chains/amounts.ts";
import type { Supply } from "./market-api.ts";

/** Total supply, what each sink holds, the burned share in percent and what circulates (whole tokens). */
export function supplyOf(total: Dec, sinks: { sink: string; amount: Dec }[]): Supply {
  const held = sinks.filter((s) => s.amount.gt(0));
  const burned = held.reduce((sum, s) => sum.add(s.amount), new D(0));
  const share = total.isZero() ? new D(0) : burned.div(total).mul(100);
  return {
    total: total.toFixed(),
    burned: burned.toFixed(),
    burnedShare: share.toDecimalPlaces(4).toFixed(),
    circulating: D.max(total.sub(burned), 0).toFixed(),
    sinks: held.map((s) => ({ sink: s.sink, amount: s.amount.toFixed() })),
  };
}

/** Market cap as the app states it everywhere: price × (total supply − burned supply). */
export function marketCapOf(priceUsd: string | null, supply: Supply | null): string | null {
  if (priceUsd === null || supply === null) return null;
  return new D(priceUsd).mul(supply.circulating).toDecimalPlaces(2).toFixed(2);
}
