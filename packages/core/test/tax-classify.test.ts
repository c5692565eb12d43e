import { describe, expect, it } from "vitest";
import { TokenRegistry } from "../src/chains/known-tokens.ts";
import type { NormalizedTransfer } from "../src/chains/transfer.ts";
import { chainAssetInfo } from "../src/tax/assets.ts";
import { classifyTransfers } from "../src/tax/classify.ts";
import { taxReportFromTransfers } from "../src/tax/report.ts";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const A = addr(0xa1);
const B = addr(0xb1);
const ROUTER = addr(0x4047e4);
const PAIR = addr(0x9a14);
const DISTRIBUTOR = addr(0xd157);
const STRANGER = addr(0x5742);
const ZERO = addr(0);
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const DAI = "0xefd766ccb38eaf1dfd701853bfce31359239f305";
const E18 = 10n ** 18n;

let block = 100;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
function tx(
  n: number,
  records: [
    from: string,
    to: string,
    token: string,
    amount: bigint,
    opts?: { fee?: bigint; log?: number; internal?: boolean },
  ][],
): NormalizedTransfer[] {
  block++;
  return records.map(([from, to, token, amount, o], i) => ({
    chainId: 369,
    txHash: hash(n),
    logIndex: o?.log ?? (token === "native" && !o?.internal ? -1 : i),
    blockNumber: block,
    timestamp: 1_704_067_200 + block * 10,
    from,
    to,
    token,
    amount: amount.toString(),
    fee: (o?.fee ?? 0n).toString(),
    methodId: null,
    internal: o?.internal ?? false,
  }));
}

const own = [
  { chainId: 369, address: A },
  { chainId: 369, address: B },
];
const opts = { registry: new TokenRegistry(), knownDistributors: [DISTRIBUTOR] };

describe("classifyTransfers", () => {
  it("classifies each kind of transaction", () => {
    const transfers = [
      // 1 buy HEX with PLS (A sent it and paid the fee)
      ...tx(1, [
        [A, ROUTER, "native", 1000n * E18, { fee: E18 }],
        [PAIR, A, HEX, 500n * 10n ** 8n],
      ]),
      // 2 sell PLSX for PLS with a fee-on-transfer part
      ...tx(2, [
        [A, ROUTER, "native", 0n, { fee: E18 }],
        [A, PAIR, PLSX, 90n * E18],
        [A, PLSX, PLSX, 10n * E18],
        [ROUTER, A, "native", 70n * E18, { internal: true, log: 0 }],
      ]),
      // 3 swap HEX -> PLSX
      ...tx(3, [
        [A, ROUTER, "native", 0n, { fee: E18 }],
        [A, PAIR, HEX, 100n * 10n ** 8n],
        [PAIR, A, PLSX, 5n * E18],
      ]),
      // 4 A -> B (own wallets)
      ...tx(4, [
        [A, HEX, "native", 0n, { fee: E18 }],
        [A, B, HEX, 50n * 10n ** 8n],
      ]),
      // 5 printer payout to B in someone else's transaction
      ...tx(5, [[DISTRIBUTOR, B, PLSX, 3n * E18]]),
      // 6 a stake payout minted to A in A's own transaction
      ...tx(6, [
        [A, HEX, "native", 0n, { fee: E18 }],
        [ZERO, A, HEX, 7n * 10n ** 8n],
      ]),
      // 7 a spam mint to A and B by a stranger
      ...tx(7, [
        [ZERO, A, addr(0x5fa), E18],
        [ZERO, B, addr(0x5fa), E18],
      ]),
      // 8 wrap 5 PLS
      ...tx(8, [
        [A, WPLS, "native", 5n * E18, { fee: E18 }],
        [ZERO, A, WPLS, 5n * E18],
      ]),
      // 9 a payment to a stranger
      ...tx(9, [[B, STRANGER, "native", 2n * E18]]),
      // 10 approve: fee only
      ...tx(10, [[A, HEX, "native", 0n, { fee: E18 }]]),
      // 11 a stranger sends PLS to A
      ...tx(11, [[STRANGER, A, "native", 4n * E18]]),
      // 12 token for a stablecoin
      ...tx(12, [
        [B, ROUTER, "native", 0n, { fee: E18 }],
        [B, PAIR, HEX, 10n * 10n ** 8n],
        [PAIR, B, DAI, 20n * E18],
      ]),
    ];
    const events = classifyTransfers(transfers, own, opts);
    expect(events.map((e) => [Number(e.txHash), e.kind, e.fee ? "fee" : ""])).toEqual([
      [1, "buy", "fee"],
      [2, "sell", "fee"],
      [3, "swap", "fee"],
      [4, "transfer", "fee"],
      [5, "income", ""],
      [6, "income", "fee"],
      [7, "unknown-in", ""],
      [7, "unknown-in", ""],
      [8, "transfer", "fee"],
      [9, "unknown-out", ""],
      [10, "fee-only", "fee"],
      [11, "unknown-in", ""],
      [12, "swap", "fee"],
    ]);
    // The fee-on-transfer part is netted into what was given.
    expect(events[1]?.given).toMatchObject([{ wallet: A, asset: `369:${PLSX}`, amount: 100n * E18 }]);
    expect(events[1]?.received).toMatchObject([{ wallet: A, asset: "369:native", amount: 70n * E18 }]);
    expect(events[0]?.fee).toEqual({ wallet: A, asset: "369:native", amount: E18 });
    expect(events[8]?.wrap).toBe("wrap");
    // With stablecoins counted as money, token -> DAI is a sale.
    const asMoney = classifyTransfers(transfers, own, { ...opts, stablecoinsAsMoney: true });
    expect(asMoney.at(-1)?.kind).toBe("sell");
  });

  it("groups interleaved records of one block by transaction and sorts unsorted input", () => {
    const t1 = tx(20, [
      [A, ROUTER, "native", 10n * E18, { fee: E18 }],
      [PAIR, A, HEX, 1n],
    ]);
    const t2 = tx(21, [[DISTRIBUTOR, A, PLSX, E18]]).map((t) => ({
      ...t,
      blockNumber: t1[0]?.blockNumber ?? 0,
      timestamp: t1[0]?.timestamp ?? 0,
    }));
    const earlier = tx(19, [[STRANGER, A, "native", 100n * E18]]).map((t) => ({
      ...t,
      blockNumber: 1,
      timestamp: 1_704_067_200,
    }));
    const mixed = [t1[0], t2[0], t1[1], ...earlier] as NormalizedTransfer[];
    const events = classifyTransfers(mixed, own, opts);
    expect(events.map((e) => [Number(e.txHash), e.kind])).toEqual([
      [19, "unknown-in"],
      [20, "buy"],
      [21, "income"],
    ]);
  });

  it("goes through to the report: a buy with PLS disposes of PLS and its fee adds to the cost", () => {
    const transfers = [
      ...tx(30, [[STRANGER, A, "native", 1000n * E18]]),
      ...tx(31, [
        [A, ROUTER, "native", 100n * E18, { fee: 2n * E18 }],
        [PAIR, A, HEX, 10n * 10n ** 8n],
      ]),
    ];
    const r = taxReportFromTransfers(
      transfers,
      own,
      (asset) => ({ eur: asset === "369:native" ? "0.5" : "4", source: "test" }),
      { ...opts, assets: chainAssetInfo(opts.registry) },
    );
    const kauf = r.transactions.find((t) => t.typ === "Kauf");
    // Valued by what was given: 100 PLS x 0.5 = 50 EUR; the PLS came from outside (cost unknown).
    expect(kauf).toMatchObject({
      wertEUR: "50.00",
      transaction_fee: "1.00",
      coin_name: "HEX",
      steuerpflichtig: "unknown",
    });
    expect(kauf?.lots).toMatchObject([{ asset: "369:native", amount: "100", unknown: "unknown-cost" }]);
    const hexLot = r.holdings.find((h) => h.asset === `369:${HEX}`);
    expect(hexLot).toMatchObject({ amount: "10", cost: "51", symbol: "HEX" });
    // 1000 - 100 - 2 (fee) PLS left.
    expect(r.holdings.find((h) => h.asset === "369:native")?.amount).toBe("898");
  });
});
