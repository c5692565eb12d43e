/**
 * FIFO lots per wallet and asset ("walletbezogene Betrachtung", BMF 2025 Rn. 61/62). A queue is kept
 * in acquisition order; lots that arrive from another own wallet keep their acquisition time and cost
 * and are inserted at their place, so the oldest lot is always used first. Units of unknown
 * acquisition (moved on from a wallet that did not hold them) take their place by the time they
 * entered the user's wallets: behind every lot held before.
 */

/**
 * Lot times are stored as seconds since LOT_EPOCH (2009-01-01), so they stay small integers (V8 keeps
 * those unboxed; unix seconds above 2^30 would be a heap number per lot).
 */
export const LOT_EPOCH = 1_230_768_000;
/** The day (and, for a part that was never queued, the time) of a lot whose acquisition is unknown. */
export const UNKNOWN = -1_000_000_000;
/** `Lot.arrival` of a lot whose acquisition and cost are known (or unknown only for a missing price). */
export const NO_ARRIVAL = -1;

export interface Lot {
  /**
   * The lot's place in the queue, seconds since LOT_EPOCH: the acquisition time, or for units of
   * unknown acquisition (`day` UNKNOWN) the time they entered the user's wallets; UNKNOWN for the
   * missing part of a disposal (never queued).
   */
  time: number;
  /** German calendar day of the acquisition (day number); UNKNOWN when the acquisition is unknown. */
  day: number;
  /** Tie-breaker for lots acquired in the same second: the order they were booked in. */
  seq: number;
  /** Base units still in the lot, > 0. */
  amount: bigint;
  /** Remaining acquisition cost in atto-euros (incl. purchase fees); null when unknown. */
  cost: bigint | null;
  /**
   * For units of unknown acquisition or cost: the index of the arrival they came from in the engine's
   * arrivals table (unknown-arrivals.ts), kept when the lot is split or moved; NO_ARRIVAL otherwise.
   */
  arrival: number;
}

function before(a: Lot, b: Lot): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq);
}

/** The lots (or parts of lots) one take used: the first `count` of `lots`, reused from take to take. */
export class LotParts {
  readonly lots: Lot[] = [];
  count = 0;

  add(lot: Lot): void {
    this.lots[this.count++] = lot;
  }
}

export class LotQueue {
  private readonly lots: Lot[] = [];
  private head = 0;
  /** Base units of unknown acquisition (`day` UNKNOWN) the last take used. */
  unknownTaken = 0n;

  constructor(
    readonly wallet: string,
    readonly asset: string,
  ) {}

  /** Adds a lot acquired now: events come in time order, so it belongs at the end. */
  append(lot: Lot): void {
    this.lots.push(lot);
  }

  /** Adds a lot at its place in the queue (one moved from another wallet keeps its `time`). */
  insert(lot: Lot): void {
    const lots = this.lots;
    const n = lots.length;
    if (n === this.head || !before(lot, lots[n - 1] as Lot)) {
      lots.push(lot);
      return;
    }
    let lo = this.head;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(lot, lots[mid] as Lot)) hi = mid;
      else lo = mid + 1;
    }
    lots.splice(lo, 0, lot);
  }

  /**
   * Takes `amount` base units, oldest lot first, and puts the parts used into `out` (whole lots as
   * they are, split lots as new objects with the cost split pro rata by amount); without `out` the
   * parts are just dropped (the native coin paid as fee). Returns what could not be taken because
   * the queue ran empty. What of it was of unknown acquisition is left in `unknownTaken`.
   */
  take(amount: bigint, out?: LotParts): bigint {
    if (out) out.count = 0;
    let rest = amount;
    let unknown = 0n;
    const lots = this.lots;
    while (rest > 0n && this.head < lots.length) {
      const lot = lots[this.head] as Lot;
      if (lot.day === UNKNOWN) unknown += lot.amount < rest ? lot.amount : rest;
      if (lot.amount <= rest) {
        out?.add(lot);
        rest -= lot.amount;
        this.head++;
      } else {
        let cost: bigint | null = null;
        if (lot.cost !== null) {
          cost = (lot.cost * rest) / lot.amount;
          lot.cost -= cost;
        }
        out?.add({ time: lot.time, day: lot.day, seq: lot.seq, amount: rest, cost, arrival: lot.arrival });
        lot.amount -= rest;
        rest = 0n;
      }
    }
    this.unknownTaken = unknown;
    if (this.head > 32 && this.head * 2 > lots.length) {
      // In place: a new array would be one more young object for the garbage collector to copy.
      lots.copyWithin(0, this.head);
      lots.length -= this.head;
      this.head = 0;
    }
    return rest;
  }

  /** The open lots, oldest first. */
  open(): Lot[] {
    return this.lots.slice(this.head);
  }

  get size(): number {
    return this.lots.length - this.head;
  }
}

/** All queues, by wallet and asset (nested maps: no key strings are built per lookup). */
export class LotBook {
  private readonly wallets = new Map<string, Map<string, LotQueue>>();
  /** The wallet asked last and its queues (an event asks for one wallet's queues again and again). */
  private lastWallet: string | undefined = undefined;
  private lastByAsset: Map<string, LotQueue> | undefined = undefined;

  queue(wallet: string, asset: string): LotQueue {
    let byAsset = wallet === this.lastWallet ? this.lastByAsset : this.wallets.get(wallet);
    if (!byAsset) {
      byAsset = new Map();
      this.wallets.set(wallet, byAsset);
    }
    this.lastWallet = wallet;
    this.lastByAsset = byAsset;
    let q = byAsset.get(asset);
    if (!q) {
      q = new LotQueue(wallet, asset);
      byAsset.set(asset, q);
    }
    return q;
  }

  all(): LotQueue[] {
    const out: LotQueue[] = [];
    for (const byAsset of this.wallets.values()) for (const q of byAsset.values()) out.push(q);
    return out;
  }
}
