/**
 * The tax benchmark's floor: a bare per-wallet FIFO with the one-year split over the same synthetic
 * history (bench/tax-synthetic.mts), what the engine cannot beat. Every record that moves an amount
 * out of an own wallet takes lots oldest first (a lot split by amount, its cost pro rata), every
 * record into an own wallet appends a lot; each taken part adds its amount to the year's taxable or
 * tax-free sum by the one-year period (acquired on day D: taxable up to D + 365). Fees take native
 * coin like any outflow. No classification, pricing, rows or text: the records are turned into
 * compact events (wallet index, asset index, signed bigint amount, day) before the clock starts.
 */
import type { NormalizedTransfer } from "../packages/core/src/index.ts";

interface FifoEvent {
  /** Index of the (wallet, asset) queue. */
  queue: number;
  /** Base units: > 0 arrives, < 0 leaves. */
  amount: bigint;
  /** UTC day number (the baseline needs no German calendar). */
  day: number;
}

interface BaseLot {
  amount: bigint;
  cost: bigint;
  day: number;
}

/** The own-wallet records as compact events, in input order (the synthetic history is in time order). */
export function fifoEvents(transfers: readonly NormalizedTransfer[], wallets: readonly string[]): FifoEvent[] {
  const own = new Set(wallets);
  const queues = new Map<string, number>();
  const queueOf = (wallet: string, token: string): number => {
    const key = `${wallet}|${token}`;
    let q = queues.get(key);
    if (q === undefined) {
      q = queues.size;
      queues.set(key, q);
    }
    return q;
  };
  const out: FifoEvent[] = [];
  for (const t of transfers) {
    const day = Math.floor(t.timestamp / 86_400);
    if (t.fee !== "0" && own.has(t.from)) out.push({ queue: queueOf(t.from, "native"), amount: -BigInt(t.fee), day });
    if (t.amount === "0" || t.from === t.to) continue;
    const amount = BigInt(t.amount);
    if (own.has(t.from)) out.push({ queue: queueOf(t.from, t.token), amount: -amount, day });
    if (own.has(t.to)) out.push({ queue: queueOf(t.to, t.token), amount, day });
  }
  return out;
}

export interface FifoResult {
  events: number;
  taxable: bigint;
  taxFree: bigint;
  /** Units given that no lot held. */
  missing: bigint;
}

/** The FIFO itself: lots per queue, taken oldest first, split at the one-year period. */
export function runFifo(events: readonly FifoEvent[]): FifoResult {
  const lots: BaseLot[][] = [];
  const heads: number[] = [];
  let taxable = 0n;
  let taxFree = 0n;
  let missing = 0n;
  for (const e of events) {
    let queue = lots[e.queue];
    if (!queue) {
      queue = [];
      lots[e.queue] = queue;
      heads[e.queue] = 0;
    }
    if (e.amount > 0n) {
      // A unit's cost: one EUR per whole token, so the split has real arithmetic to do.
      queue.push({ amount: e.amount, cost: e.amount / 1_000_000_000_000_000n, day: e.day });
      continue;
    }
    let rest = -e.amount;
    let head = heads[e.queue] as number;
    while (rest > 0n && head < queue.length) {
      const lot = queue[head] as BaseLot;
      const used = lot.amount <= rest ? lot.amount : rest;
      if (used === lot.amount) head++;
      else {
        lot.cost -= (lot.cost * used) / lot.amount;
        lot.amount -= used;
      }
      if (e.day > lot.day + 365) taxFree += used;
      else taxable += used;
      rest -= used;
    }
    if (head > 32 && head * 2 > queue.length) {
      queue.copyWithin(0, head);
      queue.length -= head;
      head = 0;
    }
    heads[e.queue] = head;
    missing += rest;
  }
  return { events: events.length, taxable, taxFree, missing };
}
