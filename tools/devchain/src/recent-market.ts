/**
 * The demo's market over the last 30 days (with `recentPayouts`): in each 36-hour round the trader
 * moves the main pools along a price path instead of back to their designed prices, so that 24 hours,
 * 3 days and a week ago the prices were different from now: real movers, from real swaps. He also
 * round-trips the stablecoin pools (volume without a price change) and burns PLSX and INC to
 * 0x…0369 and HEX to 0x…dEaD (buy and burn), so the tracker has burn statistics. Half an hour after
 * the last round every pool is back at its designed price, as before.
 */
import type { Address } from "viem";
import { type Dex, units } from "./dex.ts";
import type { RebalanceTarget } from "./pulsechain.ts";
import type { PulseContracts } from "./types.ts";
import type { ChainWriter } from "./writer.ts";

export const PULSECHAIN_SINK = "0x0000000000000000000000000000000000000369" as Address;
export const DEAD_SINK = "0x000000000000000000000000000000000000dEaD" as Address;

/**
 * Price relative to the designed one, by rounds before the last (0 = the last round, two hours ago).
 * After the final rebalance the price is the designed one, so the change over a timeframe is
 * 1 / drift(k) - 1 with k the last round before the timeframe's start: HEX rises (+4 % a day, +25 % a
 * week), PLSX falls, INC swings, LGCY falls slowly.
 */
const DRIFT: Record<string, (roundsBefore: number) => number> = {
  hex: (k) => 1 - 0.04 * Math.min(k, 10),
  plsx: (k) => 1 + 0.05 * Math.min(k, 10),
  inc: (k) => (k % 2 === 0 ? 1.1 : 0.9),
  v1Only: (k) => 1 + 0.02 * Math.min(k, 10),
};
const STABLES = new Set(["dai", "usdc", "usdt"]);
/** PLS the trader spends per round on each stablecoin pool's round trip and on each burn. */
const ROUND_TRIP_PLS = 200_000_000;
const BURN_PLS = 20_000_000;

/** The targets of one round: the drifting pools at their path's price, the printers at theirs. */
export function roundTargets(targets: readonly RebalanceTarget[], roundsBefore: number): RebalanceTarget[] {
  return targets
    .filter((t) => t.feeOnTransfer || t.base in DRIFT || STABLES.has(t.base))
    .map((t) => {
      const drift = DRIFT[t.base];
      return drift ? { ...t, nativePerToken: t.nativePerToken * drift(roundsBefore) } : t;
    });
}

/** Buys each stablecoin with PLS on its V2 pool; the round's rebalance sells it back (volume, same price). */
export async function stableRoundTrips(
  w: ChainWriter,
  trader: Address,
  targets: readonly RebalanceTarget[],
  next: () => number,
): Promise<void> {
  for (const t of targets.filter((x) => STABLES.has(x.base) && x.name.endsWith("V2"))) {
    await w.send(
      t.dex.buyWithNative(
        trader,
        [t.dex.wrapped, t.token],
        units(ROUND_TRIP_PLS, 18),
        `trader buys ${t.base}`,
        "trade",
      ),
      next(),
    );
  }
}

/** Buy and burn: PLSX and INC to 0x…0369, HEX to 0x…dEaD. */
export async function buyAndBurn(
  w: ChainWriter,
  trader: Address,
  c: PulseContracts,
  v2: Dex,
  next: () => number,
): Promise<void> {
  const burns: [Address, Address, string][] = [
    [c.plsx, PULSECHAIN_SINK, "PLSX"],
    [c.inc, PULSECHAIN_SINK, "INC"],
    [c.hex, DEAD_SINK, "HEX"],
  ];
  for (const [token, sink, symbol] of burns) {
    const before = await v2.balanceOf(token, trader);
    await w.send(
      v2.buyWithNative(trader, [c.wpls, token], units(BURN_PLS, 18), `trader buys ${symbol} to burn`, "trade"),
      next(),
    );
    const bought = (await v2.balanceOf(token, trader)) - before;
    await w.send(v2.transfer(token, trader, sink, bought, `trader burns ${symbol}`, "trade"), next());
  }
}
