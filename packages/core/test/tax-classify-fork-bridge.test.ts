/**
 * The fork and the bridge in the classification (README.md, "The PulseChain fork", "Bridge moves"):
 * the copy chain's records up to the fork block are dropped, the copy comes at the fork instant, and
 * bridge moves become one transfer across chains (unmatched sides stay unknown with their reason).
 */
import { describe, expect, it } from "vitest";
import type { ChainFork } from "../src/chains/chain-fork.ts";
import type { NormalizedTransfer } from "../src/chains/transfer.ts";
import { chainAssetInfo } from "../src/tax/assets.ts";
import { BridgeMoves } from "../src/tax/bridge-moves.ts";
import { classifyTransfers } from "../src/tax/classify.ts";
import { germanDescription } from "../src/tax/description-de.ts";
import { fixedEurPrices } from "../src/tax/prices.ts";
import { taxReportFromTransfers } from "../src/tax/report.ts";
import { StakeEvents } from "../src/tax/stake-events.ts";
import type { TaxEvent } from "../src/tax/types.ts";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const A = addr(0xa1);
const PAIR = addr(0x9a14);
const ROUTER = addr(0x4047e4);
const OMNIBRIDGE = addr(0xb41d);
const STRANGER = addr(0x5742);
const ZERO = addr(0);
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const BRIDGED_HEX = "0x57fde0a71132198bbec939b98976993d8d89d225";
const BRIDGED_WETH = "0x02dcdd04e3f455d838cd1249292c58f3b79e3c3c";
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
const E18 = 10n ** 18n;
const E8 = 10n ** 8n;

/** A small fork: chain 369 copies chain 1 at block 1000, at T0. */
const T0 = 1_683_785_255;
const FORK: ChainFork = { parentChainId: 1, chainId: 369, block: 1000, time: T0 };

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
function rec(
  chainId: number,
  n: number,
  block: number,
  timestamp: number,
  from: string,
  to: string,
  token: string,
  amount: bigint,
  fee = 0n,
): NormalizedTransfer {
  return {
    chainId,
    txHash: hash(n),
    logIndex: token === "native" ? -1 : 0,
    blockNumber: block,
    timestamp,
    from,
    to,
    token,
    amount: amount.toString(),
    fee: fee.toString(),
    methodId: null,
    internal: false,
  };
}

const own = [1, 369].map((chainId) => ({ chainId, address: A }));
const DAY = 86_400;

/**
 * Before the fork A buys 1000 HEX and 500 USDC on Ethereum (block 900, 400 days before the fork); chain
 * 369 shows the same records at the same blocks (its copy of Ethereum's history). After the fork A sells
 * the PulseChain copy of the HEX.
 */
const preFork = [
  rec(1, 1, 900, T0 - 400 * DAY, PAIR, A, HEX, 1000n * E8),
  rec(369, 1, 900, T0 - 400 * DAY, PAIR, A, HEX, 1000n * E8),
  rec(1, 2, 950, T0 - 10 * DAY, PAIR, A, USDC, 500n * 10n ** 6n),
  rec(369, 2, 950, T0 - 10 * DAY, PAIR, A, USDC, 500n * 10n ** 6n),
];
const postFork = [
  rec(369, 3, 1001, T0 + 30 * DAY, A, PAIR, HEX, 1000n * E8),
  rec(369, 3, 1001, T0 + 30 * DAY, PAIR, A, "native", 5000n * E18),
];

describe("the fork in the classification", () => {
  it("without the fork option the copied history is booked twice (why the option exists)", () => {
    const events = classifyTransfers([...preFork, ...postFork], own);
    expect(events.filter((e) => e.chainId === 369 && e.time < T0)).toHaveLength(2);
  });

  it("drops the copy chain's records up to the fork block and copies at the fork instant", () => {
    const events = classifyTransfers([...preFork, ...postFork], own, { fork: { fork: FORK } });
    expect(events.map((e) => [e.chainId, e.kind, e.time])).toEqual([
      [1, "unknown-in", T0 - 400 * DAY],
      [1, "unknown-in", T0 - 10 * DAY],
      [369, "fork-copy", T0],
      [369, "sell", T0 + 30 * DAY],
    ]);
  });

  it("places the copy before the parent chain's fork block, even when that block is older than the fork instant", () => {
    const atForkBlock = rec(1, 4, 1000, T0 - 5, PAIR, A, HEX, 10n * E8);
    const events = classifyTransfers([...preFork, atForkBlock], own, { fork: { fork: FORK } });
    expect(events.map((e) => [e.kind, e.time])).toEqual([
      ["unknown-in", T0 - 400 * DAY],
      ["unknown-in", T0 - 10 * DAY],
      ["fork-copy", T0 - 5],
      ["unknown-in", T0 - 5],
    ]);
  });

  it("copies at the end when no record comes after the fork", () => {
    const events = classifyTransfers(preFork, own, { fork: { fork: FORK } });
    expect(events.at(-1)).toMatchObject({ kind: "fork-copy", time: T0 });
  });

  it("in the report: the copy sold on PulseChain keeps the Ethereum purchase date; no row on 369 before the fork", () => {
    const assets = chainAssetInfo(undefined, {
      [`1:${HEX}`]: { symbol: "HEX", decimals: 8 },
      [`369:${HEX}`]: { symbol: "HEX", decimals: 8 },
      [`1:${USDC}`]: { symbol: "USDC", decimals: 6 },
      [`369:${USDC}`]: { symbol: "USDC", decimals: 6 },
    });
    const prices = fixedEurPrices({ "369:native": [[T0, "0.0001"]] });
    const r = taxReportFromTransfers([...preFork, ...postFork], own, prices, {
      assets,
      fork: { fork: FORK, copyAsset: (asset) => (asset === `1:${USDC}` ? null : `369:${asset.slice(2)}`) },
    });
    expect(r.transactions.filter((t) => t.chainId === 369 && t.time < T0)).toEqual([]);
    const copies = r.transactions.filter((t) => t.kind === "fork-copy");
    // One row per asset copied; the excluded USDC copy stays out.
    expect(copies.map((t) => [t.typ, t.coin_name, t.amount, t.chainId])).toEqual([["Transfer", "HEX", "1000", 369]]);
    expect(germanDescription(copies[0] as (typeof copies)[0])).toBe(
      "Transfer: Kopie bei der PulseChain-Abspaltung am 11.05.2023: 1000 HEX (Anschaffungsdatum des Originals)",
    );
    const sale = r.transactions.find((t) => t.typ === "Verkauf");
    expect(sale).toMatchObject({ chainId: 369, steuerpflichtig: false });
    expect(sale?.lots.map((l) => [l.acquired, l.cost, l.proceeds, l.taxFree])).toEqual([
      ["2022-04-06", "0", "0.5", true],
    ]);
    expect(r.holdings.map((h) => [h.asset, h.amount])).toEqual([
      [`1:${HEX}`, "1000"],
      [`1:${USDC}`, "500"],
      ["369:native", "5000"],
    ]);
  });
});

describe("a HEX stake open at the fork", () => {
  it("is copied with its lots: the stake's end on PulseChain returns the copy with the Ethereum date", () => {
    // Staked on Ethereum 500 days before the fork (the principal burnt), ended on PulseChain 60 days after it.
    const start = rec(1, 50, 500, T0 - 500 * DAY, A, ZERO, HEX, 1000n * E8);
    const startCopy = rec(369, 50, 500, T0 - 500 * DAY, A, ZERO, HEX, 1000n * E8);
    const end = rec(369, 51, 1500, T0 + 60 * DAY, ZERO, A, HEX, 1200n * E8);
    const stakes = new StakeEvents([
      {
        chainId: 1,
        txHash: start.txHash,
        wallet: A,
        stakeId: "7",
        phase: "start",
        token: HEX,
        principal: 1000n * E8,
        returned: 0n,
      },
      {
        chainId: 369,
        txHash: end.txHash,
        wallet: A,
        stakeId: "7",
        phase: "end",
        token: HEX,
        principal: 1000n * E8,
        returned: 1200n * E8,
      },
    ]);
    const bought = [
      rec(1, 49, 400, T0 - 600 * DAY, A, PAIR, "native", E18),
      rec(1, 49, 400, T0 - 600 * DAY, PAIR, A, HEX, 1000n * E8),
    ];
    const assets = chainAssetInfo(undefined, {
      [`1:${HEX}`]: { symbol: "HEX", decimals: 8 },
      [`369:${HEX}`]: { symbol: "HEX", decimals: 8 },
    });
    const prices = fixedEurPrices({ "1:native": [[T0 - 700 * DAY, "2000"]], [`369:${HEX}`]: [[T0, "0.01"]] });
    const r = taxReportFromTransfers([...bought, start, startCopy, end], own, prices, {
      assets,
      stakes,
      fork: { fork: FORK },
    });
    const back = r.transactions.find((t) => t.description.key === "stakeEnd");
    expect(back?.lots.map((l) => [l.asset, l.amount, l.acquiredAt, l.cost])).toEqual([
      [`369:${HEX}`, "1000", T0 - 600 * DAY, "0"],
    ]);
    // The yield above the principal is income; the staked copy is back in the wallet with its 2021 date.
    expect(r.transactions.find((t) => t.description.key === "stakeYield")?.income).toBe("2");
    expect(r.holdings.filter((h) => h.asset === `369:${HEX}`).map((h) => [h.amount, h.acquiredAt])).toEqual([
      ["1000", T0 - 600 * DAY],
      ["200", T0 + 60 * DAY],
    ]);
  });
});

const T1 = T0 + 100 * DAY;
const departure = rec(1, 10, 2000, T1, A, OMNIBRIDGE, HEX, 1000n * E8, 3n * 10n ** 15n);
const arrival = rec(369, 11, 3000, T1 + 600, ZERO, A, BRIDGED_HEX, 1000n * E8);
const move = {
  messageId: "0x01",
  from: { chainId: 1, txHash: departure.txHash, wallet: A, token: HEX, amount: 1000n * E8, time: T1 },
  to: { chainId: 369, txHash: arrival.txHash, wallet: A, token: BRIDGED_HEX, amount: 1000n * E8, time: T1 + 600 },
};
const bought = [
  rec(1, 9, 1900, T1 - 50 * DAY, A, PAIR, "native", E18 / 20n),
  rec(1, 9, 1900, T1 - 50 * DAY, PAIR, A, HEX, 1000n * E8),
];
const later = rec(369, 12, 3100, T1 + 30 * DAY, A, PAIR, BRIDGED_HEX, 1000n * E8);
const laterPls = rec(369, 12, 3100, T1 + 30 * DAY, PAIR, A, "native", 9000n * E18);

describe("bridge moves in the classification", () => {
  it("without the moves: an unknown out on Ethereum and an unknown in on PulseChain", () => {
    const kinds = classifyTransfers([departure, arrival], own).map((e) => e.kind);
    expect(kinds).toEqual(["unknown-out", "unknown-in"]);
  });

  it("with them: the departure books only its fee, the arrival is one transfer across chains", () => {
    const events = classifyTransfers([departure, arrival], own, { bridges: new BridgeMoves([move]) });
    expect(events.map((e) => e.kind)).toEqual(["fee-only", "transfer"]);
    expect(events[1]).toMatchObject({
      time: T1 + 600,
      chainId: 369,
      given: [{ wallet: A, asset: `1:${HEX}`, amount: 1000n * E8 }],
      received: [{ wallet: A, asset: `369:${BRIDGED_HEX}`, amount: 1000n * E8 }],
      bridge: { fromChainId: 1, toChainId: 369 },
    } satisfies Partial<TaxEvent>);
  });

  it("native ETH over the router: the native outflow is the departure", () => {
    const eth = rec(1, 20, 2100, T1, A, ROUTER, "native", 2n * E18, 10n ** 15n);
    const weth = rec(369, 21, 3200, T1 + 900, ZERO, A, BRIDGED_WETH, 2n * E18);
    const ethMove = {
      messageId: "0x02",
      from: { chainId: 1, txHash: eth.txHash, wallet: A, token: "native", amount: 2n * E18, time: T1 },
      to: { chainId: 369, txHash: weth.txHash, wallet: A, token: BRIDGED_WETH, amount: 2n * E18, time: T1 + 900 },
    };
    const events = classifyTransfers([eth, weth], own, { bridges: new BridgeMoves([ethMove]) });
    expect(events.map((e) => [e.kind, e.given[0]?.asset, e.received[0]?.asset])).toEqual([
      ["fee-only", undefined, undefined],
      ["transfer", "1:native", `369:${BRIDGED_WETH}`],
    ]);
  });

  it("in the report: one Transfer, and the later sale uses the Ethereum lot's date and cost", () => {
    const assets = chainAssetInfo(undefined, {
      [`1:${HEX}`]: { symbol: "HEX", decimals: 8 },
      [`369:${BRIDGED_HEX}`]: { symbol: "HEX", decimals: 8 },
    });
    const prices = fixedEurPrices({
      [`1:${HEX}`]: [[T1 - 60 * DAY, "0.05"]],
      "1:native": [[T1 - 60 * DAY, "1000"]],
      "369:native": [[T1 - 60 * DAY, "0.0001"]],
    });
    const r = taxReportFromTransfers([...bought, departure, arrival, later, laterPls], own, prices, {
      assets,
      bridges: new BridgeMoves([move]),
    });
    const bridgeRow = r.transactions.find((t) => t.description.key === "bridge");
    expect(bridgeRow).toMatchObject({ typ: "Transfer", chainId: 369, steuerpflichtig: false });
    expect(germanDescription(bridgeRow as NonNullable<typeof bridgeRow>)).toBe(
      "Transfer: Brücke: 1000 HEX von Ethereum nach PulseChain",
    );
    const sale = r.transactions.find((t) => t.typ === "Verkauf");
    // Bought on Ethereum 50 days before the move for 0.05 ETH x 1000 = 50 EUR; sold within the year for
    // 9000 PLS x 0.0001 = 0.90 EUR.
    expect(sale?.lots.map((l) => [l.asset, l.acquiredAt, l.cost, l.proceeds, l.taxFree])).toEqual([
      [`369:${BRIDGED_HEX}`, T1 - 50 * DAY, "50", "0.9", false],
    ]);
    // Nothing about the HEX is unknown (the ETH paid and the fee were never bought in this history).
    expect(r.unknownCosts.filter((u) => u.asset !== "1:native")).toEqual([]);
  });

  it("unmatched sides stay unknown, with the bridge, the other chain and the reason", () => {
    const out = rec(1, 30, 2300, T1, A, OMNIBRIDGE, HEX, 5n * E8);
    const inbound = rec(369, 31, 3300, T1 + 60, ZERO, A, BRIDGED_HEX, 7n * E8);
    const unmatched = [
      {
        ...move.from,
        txHash: out.txHash,
        amount: 5n * E8,
        messageId: "0x03",
        direction: "out" as const,
        otherChainId: 369,
        reason: "not-found" as const,
      },
      {
        ...move.to,
        txHash: inbound.txHash,
        amount: 7n * E8,
        messageId: "0x04",
        direction: "in" as const,
        otherChainId: 1,
        reason: "not-own" as const,
      },
    ];
    const bridges = new BridgeMoves([], unmatched);
    const events = classifyTransfers([out, inbound], own, { bridges });
    expect(events.map((e) => [e.kind, e.bridge, e.arrival])).toEqual([
      ["unknown-out", { fromChainId: 1, toChainId: 369, unmatched: "not-found" }, undefined],
      ["unknown-in", { fromChainId: 1, toChainId: 369, unmatched: "not-own" }, "bridge-unmatched"],
    ]);
    const assets = chainAssetInfo(undefined, {
      [`1:${HEX}`]: { symbol: "HEX", decimals: 8 },
      [`369:${BRIDGED_HEX}`]: { symbol: "HEX", decimals: 8 },
    });
    const r = taxReportFromTransfers([out, inbound], own, undefined, { assets, bridges });
    expect(r.transactions.map((t) => [t.typ, germanDescription(t)])).toEqual([
      ["Unbekannt", "Unbekannt: Brücke: 5 HEX nach PulseChain, Gegenstück auf PulseChain nicht gefunden"],
      ["Unbekannt", "Unbekannt: Brücke: 7 HEX von einer fremden Adresse auf Ethereum"],
    ]);
  });

  it("an arrival to an outside address is not booked: only own wallets' records are classified", () => {
    const toStranger = rec(369, 40, 3400, T1 + 60, ZERO, STRANGER, BRIDGED_HEX, 5n * E8);
    expect(classifyTransfers([toStranger], own, { bridges: new BridgeMoves([move]) })).toEqual([]);
  });
});
