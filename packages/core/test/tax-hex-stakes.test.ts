/**
 * The HEX stake rule (src/tax/README.md, "HEX stakes"): a stake's start and end are no disposals, the
 * staked lots keep their dates and costs, only the yield is §22 Nr. 3 income at the end, and a
 * penalty that eats into the principal leaves the stake without proceeds.
 */
import { describe, expect, it } from "vitest";
import type { NormalizedTransfer } from "../src/chains/transfer.ts";
import { germanDescription } from "../src/tax/description-de.ts";
import { taxReportFromTransfers } from "../src/tax/report.ts";
import { parseStakeWallet, type StakeEvent, StakeEvents, stakeWallet } from "../src/tax/stake-events.ts";
import type { EurPriceLookup } from "../src/tax/types.ts";

const W = "0x00000000000000000000000000000000000000a1";
const ZERO = "0x0000000000000000000000000000000000000000";
const POOL = "0x00000000000000000000000000000000000000b2";
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const HEX_ASSET = `369:${HEX}`;
const PLS_ASSET = "369:native";
const HEARTS = 10n ** 8n;
const E18 = 10n ** 18n;

const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`) / 1000;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
let block = 1000;

function record(
  n: number,
  at: string,
  from: string,
  to: string,
  token: string,
  amount: bigint,
  fee = 0n,
): NormalizedTransfer {
  return {
    chainId: 369,
    txHash: hash(n),
    logIndex: token === "native" ? -1 : 0,
    blockNumber: ++block,
    timestamp: day(at),
    from: from as `0x${string}`,
    to: to as `0x${string}`,
    token: token as `0x${string}`,
    amount: amount.toString(),
    fee: fee.toString(),
    methodId: null,
    internal: false,
  };
}

/** A transaction the wallet sent: its top-level record carries the fee, then its token records. */
function sent(
  n: number,
  at: string,
  records: [from: string, to: string, token: string, amount: bigint][],
): NormalizedTransfer[] {
  const top = record(n, at, W, POOL, "native", 0n, 10n ** 15n);
  const rest = records.map(([from, to, token, amount], i) => ({
    ...record(n, at, from, to, token, amount),
    blockNumber: top.blockNumber,
    logIndex: i,
    internal: token === "native",
  }));
  return [top, ...rest];
}

/** A purchase: PLS to the pool, HEX back. */
function buy(n: number, at: string, pls: bigint, hex: bigint): NormalizedTransfer[] {
  return sent(n, at, [
    [W, POOL, "native", pls * E18],
    [POOL, W, HEX, hex * HEARTS],
  ]);
}

function stake(n: number, phase: "start" | "end", id: string, principal: bigint, returned = 0n): StakeEvent {
  return { chainId: 369, txHash: hash(n), wallet: W, stakeId: id, phase, token: HEX, principal, returned };
}

/** HEX at 0.01 EUR in 2023 and 0.02 EUR from 2024; PLS at 0.0001 EUR. */
const prices: EurPriceLookup = (asset, t) => {
  if (asset === PLS_ASSET) return { eur: "0.0001", source: "test" };
  if (asset === HEX_ASSET) return { eur: t < day("2024-01-01") ? "0.01" : "0.02", source: "test" };
  return undefined;
};
const assets = (asset: string) =>
  asset === HEX_ASSET
    ? { symbol: "HEX", decimals: 8 }
    : asset === PLS_ASSET
      ? { symbol: "PLS", decimals: 18 }
      : undefined;
const own = [{ chainId: 369, address: W }];

function report(transfers: NormalizedTransfer[], events: StakeEvent[], year: number) {
  return taxReportFromTransfers(transfers, own, prices, { year, assets, stakes: new StakeEvents(events) });
}

describe("HEX stakes in the tax report", () => {
  // Bought 1,000 HEX, staked them (HEX burns the principal), ended the stake with 1,200 back (minted).
  const history = [
    ...buy(1, "2023-01-10", 100_000n, 1_000n),
    ...sent(2, "2023-03-01", [[W, ZERO, HEX, 1_000n * HEARTS]]),
    ...sent(3, "2024-06-03", [[ZERO, W, HEX, 1_200n * HEARTS]]),
    ...sent(4, "2024-07-01", [
      [W, POOL, HEX, 1_200n * HEARTS],
      [POOL, W, "native", 240_000n * E18],
    ]),
  ];
  const events = [stake(2, "start", "77", 1_000n * HEARTS), stake(3, "end", "77", 1_000n * HEARTS, 1_200n * HEARTS)];

  it("starting a stake moves the lots into the stake: no disposal, dates and costs kept", () => {
    const r = report(history, events, 2023);
    const start = r.transactions.find((row) => row.hash === hash(2));
    expect(start).toMatchObject({ typ: "Transfer", kind: "transfer", steuerpflichtig: false, gain: null });
    expect(start?.description.key).toBe("stakeStart");
    expect(start?.lots).toEqual([
      expect.objectContaining({ use: "moved", wallet: W, acquired: "2023-01-10", amount: "1000", cost: "10.0000001" }),
    ]);
    expect(r.years["2023"]?.disposals).toBe(1); // only the PLS paid for the HEX
    expect(r.holdings).toEqual([
      expect.objectContaining({
        wallet: stakeWallet(W, "77"),
        asset: HEX_ASSET,
        amount: "1000",
        acquired: "2023-01-10",
      }),
    ]);
    expect(germanDescription(start as never)).toBe(
      `Transfer: 1000 HEX von ${W} in ${W} (HEX-Stake 77) gelegt (keine Veräußerung, Anschaffungsdaten bleiben)`,
    );
  });

  it("ending it returns the same lots and books only the yield above the principal as income", () => {
    const r = report(history, events, 2024);
    const rows = r.transactions.filter((row) => row.hash === hash(3));
    expect(rows.map((row) => [row.typ, row.description.key, row.amount, row.wertEUR])).toEqual([
      ["Transfer", "stakeEnd", "1000", null],
      ["ROI", "stakeYield", "200", "4.00"],
    ]);
    expect(rows[0]?.lots).toEqual([
      expect.objectContaining({
        use: "moved",
        wallet: stakeWallet(W, "77"),
        acquired: "2023-01-10",
        cost: "10.0000001",
      }),
    ]);
    expect(r.years["2024"]?.exact.income22).toBe("4");
    // Sold a year and a half after the purchase: the principal's lots are tax-free, the yield's are not.
    const sale = r.transactions.find((row) => row.hash === hash(4));
    expect(sale?.lots.map((l) => [l.acquired, l.amount, l.taxFree])).toEqual([
      ["2023-01-10", "1000", true],
      ["2024-06-03", "200", false],
    ]);
  });

  it("without the stake's events the same history is a give-away and the whole payout income (why the events are read)", () => {
    const r = report(history, [], 2024);
    const end = r.transactions.find((row) => row.hash === hash(3));
    expect([end?.typ, end?.amount, end?.wertEUR]).toEqual(["ROI", "1200", "24.00"]);
  });

  it("a penalty larger than the yield: the principal comes back in part, the rest leaves without proceeds", () => {
    const ended = [...history.slice(0, 5), ...sent(5, "2023-06-01", [[ZERO, W, HEX, 900n * HEARTS]])];
    const ev = [events[0] as StakeEvent, stake(5, "end", "77", 1_000n * HEARTS, 900n * HEARTS)];
    const r = report(ended, ev, 2023);
    const rows = r.transactions.filter((row) => row.hash === hash(5));
    expect(rows.map((row) => [row.typ, row.description.key, row.amount])).toEqual([
      ["Transfer", "stakeEnd", "900"],
      ["Unbekannt", "stakePenalty", "100"],
    ]);
    expect(rows[1]?.lots).toEqual([
      expect.objectContaining({ wallet: stakeWallet(W, "77"), amount: "100", proceeds: null }),
    ]);
    expect(r.years["2023"]?.exact.income22).toBe("0");
    expect(r.holdings.map((h) => [h.wallet, h.amount])).toEqual([[W, "900"]]);
  });

  it("a stake that returned nothing has no token record: its whole principal is the penalty", () => {
    const nothing = [...history.slice(0, 5), ...sent(6, "2023-06-01", [])];
    const ev = [events[0] as StakeEvent, stake(6, "end", "77", 1_000n * HEARTS, 0n)];
    const r = report(nothing, ev, 2023);
    const rows = r.transactions.filter((row) => row.hash === hash(6));
    expect(rows.map((row) => [row.typ, row.description.key, row.amount])).toEqual([
      ["Unbekannt", "stakePenalty", "1000"],
    ]);
    expect(r.holdings).toEqual([]);
  });

  it("a stake started before the history: its principal has no known acquisition", () => {
    const r = report(sent(3, "2024-06-03", [[ZERO, W, HEX, 1_200n * HEARTS]]), [events[1] as StakeEvent], 2024);
    const back = r.transactions.find((row) => row.description.key === "stakeEnd");
    expect(back?.lots).toEqual([expect.objectContaining({ acquired: null, unknown: "insufficient-holdings" })]);
    expect(r.years["2024"]?.exact.income22).toBe("4");
  });

  it("a record that does not match the event (other amount) is classified as before", () => {
    const ev = [stake(2, "start", "77", 999n * HEARTS)];
    const r = report(history.slice(0, 5), ev, 2023);
    expect(r.transactions.find((row) => row.hash === hash(2))?.typ).toBe("Unbekannt");
  });

  it("the stake's wallet key reads as the wallet and the stake", () => {
    expect(parseStakeWallet(stakeWallet(W, "77"))).toEqual({ wallet: W, stakeId: "77" });
    expect(parseStakeWallet(W)).toBeNull();
  });
});
