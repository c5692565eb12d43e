/**
 * Properties of the fork copy on random histories before the fork (README.md, "The PulseChain fork"):
 * the copied lots are exactly the parent chain's open lots at the fork (amounts and acquisition times,
 * in order, per wallet); with "zero" every copy costs 0; with "split" original + copy cost is the
 * original cost to the last atto-euro (unknown stays unknown in both); other assets are not copied.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ForkCostMethod } from "../src/tax/declarations-api.ts";
import { computeTaxReport } from "../src/tax/engine.ts";
import { parseEur } from "../src/tax/fixed.ts";
import { sameAddressCopy } from "../src/tax/fork-copy.ts";
import { fixedEurPrices } from "../src/tax/prices.ts";
import { type SimpleEvent, simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";
import type { EurPriceLookup, OpenLot, TaxEvent } from "../src/tax/types.ts";

const WALLETS = ["W1", "W2"];
const ASSETS = ["1:native", "1:0xaa", "1:0xbb", "X"];
const FORK_TIME = 1_683_785_255;
const FROM = FORK_TIME - 3 * 365 * 86_400;

const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

const eventArb = fc
  .record({
    type: fc.constantFrom("buy", "buy", "sell", "swap", "income", "transfer", "unknown-in", "unknown-out"),
    time: fc.integer({ min: FROM, max: FORK_TIME - 1 }),
    wallet: fc.integer({ min: 0, max: 1 }),
    asset: fc.integer({ min: 0, max: 3 }),
    other: fc.integer({ min: 1, max: 3 }),
    amount: fc.integer({ min: 1, max: 100_000 }),
    toAmount: fc.integer({ min: 1, max: 100_000 }),
    eur: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map((r): SimpleEvent => {
    const e: SimpleEvent = {
      time: r.time,
      wallet: WALLETS[r.wallet] as string,
      type: r.type as SimpleEvent["type"],
      asset: ASSETS[r.asset] as string,
      amount: decimal(r.amount),
    };
    if (r.type !== "transfer" && r.type !== "unknown-in" && r.type !== "unknown-out") e.eur = decimal(r.eur);
    if (r.type === "swap") {
      e.toAsset = ASSETS[(r.asset + r.other) % 4] as string;
      e.toAmount = decimal(r.toAmount);
    }
    if (r.type === "transfer") e.toWallet = WALLETS[1 - r.wallet] as string;
    return e;
  });

const historyArb = fc
  .array(eventArb, { minLength: 1, maxLength: 30 })
  .map((events) => [...events].sort((a, b) => Number(a.time) - Number(b.time)));

/** Prices on the fork day for originals and copies (a copy sometimes without one: its cost is then unknown). */
const pricesArb = fc.array(fc.option(fc.integer({ min: 0, max: 10_000_000 }), { freq: 5 }), {
  minLength: 6,
  maxLength: 6,
});

function forkPrices(cents: (number | null)[]): EurPriceLookup {
  const table: Record<string, [number, string][]> = {};
  ASSETS.slice(0, 3).forEach((asset, i) => {
    const original = cents[i];
    const copy = cents[i + 3];
    if (original !== null && original !== undefined) table[asset] = [[FORK_TIME, decimal(original)]];
    if (copy !== null && copy !== undefined) table[`369:${asset.slice(2)}`] = [[FORK_TIME, decimal(copy)]];
  });
  return fixedEurPrices(table);
}

const forkEvent: TaxEvent = {
  time: FORK_TIME,
  kind: "fork-copy",
  given: [],
  received: [],
  forkCopy: { scope: "chain", forkTime: FORK_TIME, parentChainId: 1, chainId: 369, copyAsset: sameAddressCopy(1, 369) },
};

function holdings(history: SimpleEvent[], withFork: boolean, method: ForkCostMethod, prices?: EurPriceLookup) {
  const { events, assets } = simpleEventsToTaxEvents(history);
  const all = withFork ? [...events, forkEvent] : events;
  return computeTaxReport(all, prices, { assets, forkCost: method, rows: false }).holdings;
}

const of = (lots: OpenLot[], wallet: string, asset: string) =>
  lots.filter((l) => l.wallet === wallet && l.asset === asset);
const copyOf = (asset: string) => `369:${asset.slice(2)}`;
const PARENT = ASSETS.slice(0, 3);

describe("fork copy properties", () => {
  it("copies exactly the open parent-chain lots, with their dates; zero: every copy costs 0", () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const before = holdings(history, false, "zero");
        const after = holdings(history, true, "zero");
        for (const wallet of WALLETS)
          for (const asset of PARENT) {
            const originals = of(before, wallet, asset);
            const copies = of(after, wallet, copyOf(asset));
            expect(copies.map((l) => [l.amount, l.acquiredAt])).toEqual(originals.map((l) => [l.amount, l.acquiredAt]));
            expect(copies.every((l) => l.cost === "0")).toBe(true);
            // The originals stay as they were.
            expect(of(after, wallet, asset)).toEqual(originals);
          }
        expect(after.filter((l) => !l.asset.startsWith("369:"))).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it("split: original + copy cost = the original cost to the last unit; unknown stays unknown in both", () => {
    fc.assert(
      fc.property(historyArb, pricesArb, (history, cents) => {
        const prices = forkPrices(cents);
        const before = holdings(history, false, "split", prices);
        const after = holdings(history, true, "split", prices);
        for (const wallet of WALLETS)
          for (const asset of PARENT) {
            const originals = of(before, wallet, asset);
            const kept = of(after, wallet, asset);
            const copies = of(after, wallet, copyOf(asset));
            expect(copies.map((l) => [l.amount, l.acquiredAt])).toEqual(originals.map((l) => [l.amount, l.acquiredAt]));
            originals.forEach((o, i) => {
              const k = kept[i] as OpenLot;
              const c = copies[i] as OpenLot;
              if (o.cost === null) expect([k.cost, c.cost]).toEqual([null, null]);
              else if (c.cost === null) expect(k.cost).toBe(o.cost);
              else expect(parseEur(k.cost as string) + parseEur(c.cost)).toBe(parseEur(o.cost));
            });
          }
      }),
      { numRuns: 200 },
    );
  });
});
