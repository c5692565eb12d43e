/**
 * The open points of a year: which arrivals of unknown acquisition or cost the year's disposals used,
 * grouped by token and by how they arrived, with the EUR at stake (README.md, "Declarations").
 */
import { describe, expect, it } from "vitest";
import { PULSECHAIN_FORK } from "../src/chains/chain-fork.ts";
import { TokenRegistry } from "../src/chains/known-tokens.ts";
import type { NormalizedTransfer } from "../src/chains/transfer.ts";
import { chainAssetInfo } from "../src/tax/assets.ts";
import { classifyTransfers } from "../src/tax/classify.ts";
import { computeTaxReport } from "../src/tax/engine.ts";
import { taxReportFromTransfers } from "../src/tax/report.ts";
import { type SimpleEvent, simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";
import { unknownGroups } from "../src/tax/unknown-arrivals.ts";

const W1 = "W1";
const W2 = "W2";

/** Arrivals from outside of A (two) and C, moves, sales, a give-away and a sale of B never held. */
const events: SimpleEvent[] = [
  { time: "2024-01-10T12:00:00+01:00", wallet: W1, type: "unknown-in", asset: "A", amount: "100", id: "in-a1" },
  { time: "2024-02-10T12:00:00+01:00", wallet: W1, type: "unknown-in", asset: "A", amount: "50", id: "in-a2" },
  { time: "2024-02-20T12:00:00+01:00", wallet: W1, type: "unknown-in", asset: "C", amount: "10", id: "in-c" },
  // 100 of in-a1 and 20 of in-a2 move to W2: they keep where they came from.
  { time: "2024-03-01T12:00:00+01:00", wallet: W1, type: "transfer", asset: "A", amount: "120", toWallet: W2 },
  // 2 EUR per A: 100 of in-a1 (200 EUR) and 10 of in-a2 (20 EUR).
  { time: "2024-04-01T12:00:00+02:00", wallet: W2, type: "sell", asset: "A", amount: "110", eur: "220", id: "s1" },
  // B was never held: 4 missing units at this sale, 40 EUR.
  { time: "2024-05-01T12:00:00+02:00", wallet: W1, type: "sell", asset: "B", amount: "4", eur: "40", id: "sale-b" },
  // Given to outside: no proceeds, nothing at stake (not on the list).
  { time: "2024-06-01T12:00:00+02:00", wallet: W1, type: "unknown-out", asset: "A", amount: "30", id: "gone" },
  // The last 10 of in-a2 (in W2), sold in 2025 for 50 EUR.
  { time: "2025-01-15T12:00:00+01:00", wallet: W2, type: "sell", asset: "A", amount: "10", eur: "50", id: "s2" },
];

function report(year: number) {
  const { events: taxEvents, assets } = simpleEventsToTaxEvents(events);
  return computeTaxReport(taxEvents, undefined, { assets, year });
}

describe("unknownGroups", () => {
  it("lists only what the year's sales used, per arrival, grouped by token and arrival, most EUR first", () => {
    const groups = unknownGroups(report(2024));
    expect(groups.map((g) => [g.asset, g.arrivalKind, g.eurAtStake])).toEqual([
      ["A", "from-outside", "220.00"],
      ["B", "insufficient-holdings", "40.00"],
    ]);
    const [a, b] = groups;
    expect(a?.arrivals).toEqual([
      {
        chainId: 0,
        txHash: "in-a1",
        token: "A",
        wallet: W1,
        arrivedOn: "2024-01-10",
        arrivedAt: 1_704_884_400,
        amount: "100",
        disposedAmount: "100",
        eurAtStake: "200.00",
      },
      {
        chainId: 0,
        txHash: "in-a2",
        token: "A",
        wallet: W1,
        arrivedOn: "2024-02-10",
        arrivedAt: 1_707_562_800,
        amount: "50",
        disposedAmount: "10",
        eurAtStake: "20.00",
      },
    ]);
    // The missing units' "arrival" is the sale that found them missing.
    expect(b?.arrivals).toMatchObject([{ txHash: "sale-b", amount: "4", disposedAmount: "4", eurAtStake: "40.00" }]);
  });

  it("leaves out arrivals never disposed of (they stay in the holdings) and counts each year's own sales", () => {
    const r2024 = report(2024);
    expect(r2024.unknownArrivals.some((e) => e.asset === "C")).toBe(false);
    expect(r2024.holdings.find((h) => h.asset === "C")).toMatchObject({ amount: "10", cost: null });
    // 2025: only the 10 A of in-a2 sold then, arrival date still 10 Feb 2024.
    expect(unknownGroups(report(2025))).toEqual([
      {
        chainId: 0,
        token: "A",
        asset: "A",
        symbol: "A",
        arrivalKind: "from-outside",
        arrivals: [expect.objectContaining({ txHash: "in-a2", arrivedOn: "2024-02-10", disposedAmount: "10" })],
        eurAtStake: "50.00",
      },
    ]);
  });

  it("an arrival whose sale has no price is at stake with an unknown value, after the known ones", () => {
    const { events: taxEvents, assets } = simpleEventsToTaxEvents([
      { time: "2024-01-10T12:00:00+01:00", wallet: W1, type: "unknown-in", asset: "X", amount: "5", id: "x" },
      { time: "2024-01-11T12:00:00+01:00", wallet: W1, type: "unknown-in", asset: "Y", amount: "5", id: "y" },
      { time: "2024-02-10T12:00:00+01:00", wallet: W1, type: "sell", asset: "X", amount: "5", id: "sx" },
      { time: "2024-02-11T12:00:00+01:00", wallet: W1, type: "sell", asset: "Y", amount: "5", eur: "0.01", id: "sy" },
    ]);
    const groups = unknownGroups(computeTaxReport(taxEvents, undefined, { assets, year: 2024 }));
    expect(groups.map((g) => [g.asset, g.eurAtStake, g.arrivals[0]?.eurAtStake])).toEqual([
      ["Y", "0.01", "0.01"],
      ["X", "0.00", null],
    ]);
  });
});

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const A = addr(0xa1);
const PAIR = addr(0x9a14);
const STRANGER = addr(0x5742);
const ZERO = addr(0);
const TOK = addr(0x70c);
const TOK2 = addr(0x70c2);
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const E18 = 10n ** 18n;

function record(n: number, from: string, to: string, token: string, amount: bigint, log = 0): NormalizedTransfer {
  return {
    chainId: 369,
    txHash: hash(n),
    logIndex: token === "native" ? -1 : log,
    blockNumber: 1000 + n,
    // 2024-03-01 + n minutes: after the PulseChain fork.
    timestamp: 1_709_251_200 + n * 60,
    from,
    to,
    token,
    amount: amount.toString(),
    fee: "0",
    methodId: null,
    internal: false,
  };
}

describe("how the units arrived (classification)", () => {
  const transfers = [
    // Minted to A in a transaction A did not send: an airdrop.
    record(1, ZERO, A, TOK, 100n * E18),
    // Sent by someone else: from outside.
    record(2, STRANGER, A, TOK2, 10n * E18),
    // A sells both for PLS.
    record(3, A, PAIR, TOK, 100n * E18, 0),
    record(3, PAIR, A, "native", 400n * E18, 1),
    record(4, A, PAIR, TOK2, 10n * E18, 0),
    record(4, PAIR, A, "native", 20n * E18, 1),
    // A pays 1000 PLS (it holds 420) for TOK: 580 PLS missing, after the fork: the sacrifice.
    record(5, A, PAIR, "native", 1000n * E18, 0),
    record(5, PAIR, A, TOK, 1n * E18, 1),
  ];
  const own = [{ chainId: 369, address: A }];
  const registry = new TokenRegistry();
  const prices = (asset: string) => (asset === "369:native" ? { eur: "0.5", source: "test" } : undefined);

  it("marks a mint the user did not send as an airdrop, anything else from outside", () => {
    const arrivals = classifyTransfers(transfers, own, { registry })
      .filter((e) => e.kind === "unknown-in")
      .map((e) => [e.received[0]?.asset, e.arrival]);
    expect(arrivals).toEqual([
      [`369:${TOK}`, "airdrop"],
      [`369:${TOK2}`, "from-outside"],
    ]);
  });

  it("groups the year's sales by arrival; PLS missing after the fork is the sacrifice", () => {
    const r = taxReportFromTransfers(transfers, own, prices, {
      registry,
      assets: chainAssetInfo(registry),
      year: 2024,
      chainFork: PULSECHAIN_FORK,
    });
    // 400 PLS x 0.5 = 200 EUR; 20 PLS = 10 EUR; 580 of 1000 PLS given at 0.5 = 290 EUR.
    expect(unknownGroups(r).map((g) => [g.token, g.arrivalKind, g.eurAtStake, g.arrivals[0]?.txHash])).toEqual([
      ["native", "sacrifice", "290.00", hash(5)],
      [TOK, "airdrop", "200.00", hash(1)],
      [TOK2, "from-outside", "10.00", hash(2)],
    ]);
    const plain = taxReportFromTransfers(transfers, own, prices, { registry, year: 2024 });
    expect(unknownGroups(plain)[0]).toMatchObject({ token: "native", arrivalKind: "insufficient-holdings" });
  });
});
