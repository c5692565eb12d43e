/**
 * The copies a chain fork makes (README.md, "The PulseChain fork"): at the fork instant every open
 * lot of the parent chain's assets is copied to the copy chain, keeping its acquisition time, day and
 * place in the queue; the originals stay. What a copy costs is the user's choice (`forkCost`):
 * "zero" (0 EUR) or "split" (the BMF's rule for hard forks: each original lot's cost is split
 * between original and copy by their EUR market values on the first day both have a price).
 */

import type { ForkCostMethod } from "./declarations-api.ts";
import { type Lot, type LotBook, type LotQueue, NO_ARRIVAL, UNKNOWN } from "./fifo.ts";
import { PRICE_SCALE, parseFixed, pow10 } from "./fixed.ts";
import { berlinDay, isoDate } from "./holding-period.ts";
import type { EurPriceLookup, ForkCopyEvent, ForkCopySpec, TaxEvent, TaxLeg } from "./types.ts";

/** One asset of one wallet a fork copies. */
export interface ForkCopyTarget {
  wallet: string;
  asset: string;
  toWallet: string;
  toAsset: string;
}

/** The (wallet, asset) pairs a fork-copy event copies, by wallet and asset; pairs with no open lot are left out. */
export function forkCopyTargets(spec: ForkCopySpec, book: LotBook): ForkCopyTarget[] {
  if (spec.scope === "asset") {
    const { wallet, asset, toWallet, toAsset } = spec;
    return wallet === toWallet && asset === toAsset ? [] : [{ wallet, asset, toWallet, toAsset }];
  }
  const prefix = `${spec.parentChainId}:`;
  const targets: ForkCopyTarget[] = [];
  for (const q of book.all()) {
    if (q.size === 0 || !q.asset.startsWith(prefix)) continue;
    const toAsset = spec.copyAsset(q.asset);
    if (toAsset === null || toAsset === q.asset) continue;
    targets.push({ wallet: q.wallet, asset: q.asset, toWallet: q.wallet, toAsset });
  }
  return targets.sort((a, b) =>
    a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0,
  );
}

/** The default copy of a parent-chain asset: the same address (or the native coin) on the copy chain. */
export function sameAddressCopy(parentChainId: number, chainId: number): (parentAsset: string) => string | null {
  const prefix = `${parentChainId}:`;
  return (asset) => (asset.startsWith(prefix) ? `${chainId}:${asset.slice(prefix.length)}` : null);
}

/** How many days from the fork on the split looks for a day on which both original and copy have a price. */
export const FORK_SPLIT_PROBE_DAYS = 400;

/** The copy's share of an original lot's cost: num / den of the two market values, priced on `day`. */
export interface ForkSplit {
  num: bigint;
  den: bigint;
  /** German calendar day number of the prices. */
  day: number;
}

/** What copying one asset did: the copies (for the row's lots), their amount, the cost rule as a price source. */
export interface ForkCopyResult {
  lots: Lot[];
  amount: bigint;
  /** "fork-copy:zero", "fork-copy:split:YYYY-MM-DD" or "fork-copy:split-unpriced" (price-source-label.ts). */
  source: string;
  /** split without a day on which both have a price: the copies' cost is unknown. */
  missingPrice: boolean;
}

export class ForkCopier {
  private readonly splits = new Map<string, ForkSplit | null>();

  constructor(
    private readonly prices: EurPriceLookup | undefined,
    private readonly method: ForkCostMethod,
    private readonly decimals: (asset: string) => number,
  ) {}

  /**
   * Copies the open lots of `from` into `to`. zero: every copy costs 0. split: copy =
   * floor(C x copy value / (original value + copy value)), the original keeps C - copy, so both add up
   * to C; an unknown C stays unknown in both; without a day with both prices the copy's cost is unknown.
   */
  copy(from: LotQueue, to: LotQueue, forkTime: number): ForkCopyResult {
    const split = this.method === "split" ? this.split(from.asset, to.asset, forkTime) : undefined;
    const lots: Lot[] = [];
    let amount = 0n;
    for (const lot of from.open()) {
      let cost: bigint | null = 0n;
      if (split === null || (split && lot.cost === null)) cost = null;
      else if (split && lot.cost !== null) {
        cost = (lot.cost * split.num) / split.den;
        lot.cost -= cost;
      }
      // Everything the lot knows (its time, day, order, the arrival it came from) but its cost. A copy
      // whose date and cost are known is no open point, whatever its original is.
      const copy: Lot = { ...lot, cost };
      if (cost !== null && lot.day !== UNKNOWN) copy.arrival = NO_ARRIVAL;
      to.insert(copy);
      lots.push(copy);
      amount += lot.amount;
    }
    const source =
      split === undefined
        ? "fork-copy:zero"
        : split
          ? `fork-copy:split:${isoDate(split.day)}`
          : "fork-copy:split-unpriced";
    return { lots, amount, source, missingPrice: split === null };
  }

  /** The split of an asset pair, found once: probed at the fork's time of day, day by day from the fork on. */
  private split(asset: string, toAsset: string, forkTime: number): ForkSplit | null {
    const key = `${asset}\n${toAsset}`;
    let found = this.splits.get(key);
    if (found === undefined) {
      found = null;
      for (let k = 0; k <= FORK_SPLIT_PROBE_DAYS && found === null; k++) {
        const t = forkTime + k * 86_400;
        const original = this.prices?.(asset, t);
        const copy = original ? this.prices?.(toAsset, t) : undefined;
        if (original && copy) found = splitOf(original.eur, copy.eur, this.decimals(asset), this.decimals(toAsset), t);
      }
      this.splits.set(key, found);
    }
    return found;
  }
}

/**
 * Market values per base unit: price / 10^(PRICE_SCALE + decimals), compared over a common denominator
 * (exact). Both prices 0: the copy gets nothing of the cost.
 */
function splitOf(originalEur: string, copyEur: string, dOriginal: number, dCopy: number, t: number): ForkSplit {
  const vOriginal = parseFixed(originalEur, PRICE_SCALE, true) * pow10(dCopy);
  const vCopy = parseFixed(copyEur, PRICE_SCALE, true) * pow10(dOriginal);
  const den = vOriginal + vCopy;
  return den > 0n ? { num: vCopy, den, day: berlinDay(t) } : { num: 0n, den: 1n, day: berlinDay(t) };
}

/** The event a fork copy's row is built from: the original's amount given, the copy's received (no disposal). */
export function forkCopyRowEvent(
  ev: ForkCopyEvent,
  spec: ForkCopySpec,
  target: ForkCopyTarget,
  amount: bigint,
): ForkCopyEvent {
  const given: TaxLeg = { wallet: target.wallet, asset: target.asset, amount, counterparty: target.toWallet };
  const received: TaxLeg = { wallet: target.toWallet, asset: target.toAsset, amount, counterparty: target.wallet };
  return {
    ...ev,
    given: [given],
    received: [received],
    chainId: spec.scope === "chain" ? spec.chainId : ev.chainId,
    forkCopy: spec,
  };
}
