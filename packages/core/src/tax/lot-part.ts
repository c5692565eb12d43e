/**
 * A row's lot part (`ConsumedLot`) whose EUR figures stay bigint until they are read: cost, proceeds
 * and gain are written as exact EUR texts by their getters and by `toJSON`, not when the row is built.
 * A full report has about 1.7 parts per row; writing their three figures up front cost a text each
 * (and, as the texts are kept, their copies by the garbage collector) for every part, although most
 * are only ever serialised once. Read and serialised, a part is the same as the plain object it
 * replaces: the same strings, the same JSON (key order included).
 */
import { eurExact } from "./fixed.ts";
import type { ConsumedLot, UnknownReason } from "./types.ts";

/** Atto-euros as the exact EUR text, null as null. */
function exactText(value: bigint | null): string | null {
  return value === null ? null : eurExact(value);
}

export class LotPart implements ConsumedLot {
  // Private: not own enumerable keys, so the part's keys are ConsumedLot's (comparisons, spreads of the rest).
  readonly #cost: bigint | null;
  readonly #proceeds: bigint | null;
  readonly #gain: bigint | null;

  // One argument per field (no options object): a report makes a part per lot used.
  constructor(
    readonly use: "disposed" | "moved",
    readonly wallet: string,
    readonly asset: string,
    readonly symbol: string,
    readonly acquired: string | null,
    readonly acquiredAt: number | null,
    readonly amount: string,
    cost: bigint | null,
    proceeds: bigint | null,
    gain: bigint | null,
    readonly taxFree: boolean | null,
    readonly holdingPeriodEnds: string | null,
    readonly unknown: UnknownReason | undefined,
  ) {
    this.#cost = cost;
    this.#proceeds = proceeds;
    this.#gain = gain;
  }

  get cost(): string | null {
    return exactText(this.#cost);
  }

  get proceeds(): string | null {
    return exactText(this.#proceeds);
  }

  get gain(): string | null {
    return exactText(this.#gain);
  }

  /** The plain `ConsumedLot`, its keys in the order the report has always had. */
  toJSON(): ConsumedLot {
    return {
      use: this.use,
      wallet: this.wallet,
      asset: this.asset,
      symbol: this.symbol,
      acquired: this.acquired,
      acquiredAt: this.acquiredAt,
      amount: this.amount,
      cost: this.cost,
      proceeds: this.proceeds,
      gain: this.gain,
      taxFree: this.taxFree,
      holdingPeriodEnds: this.holdingPeriodEnds,
      unknown: this.unknown,
    };
  }
}
