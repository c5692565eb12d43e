/**
 * The user's declarations through classification and engine (README.md, "Declarations"): an arrival
 * of unknown cost sold in the year, undeclared and declared each way; missing units of a disposal
 * declared as the sacrifice; a declared purchase date taking its place in the FIFO queue; and when a
 * year is complete.
 */
import { describe, expect, it } from "vitest";
import { PULSECHAIN_FORK } from "../src/chains/chain-fork.ts";
import { TokenRegistry } from "../src/chains/known-tokens.ts";
import type { NormalizedTransfer } from "../src/chains/transfer.ts";
import { chainAssetInfo } from "../src/tax/assets.ts";
import { type Declaration, declarationSchema, type UnknownGroup } from "../src/tax/declarations-api.ts";
import { germanDescription } from "../src/tax/description-de.ts";
import { computeTaxReport } from "../src/tax/engine.ts";
import { reportCompleteness, yearCompleteness } from "../src/tax/figure-state.ts";
import { taxReportFromTransfers } from "../src/tax/report.ts";
import type { WalletReportResult } from "../src/tax/report-api.ts";
import { simpleEventsToTaxEvents } from "../src/tax/simple-events.ts";
import { unknownGroups } from "../src/tax/unknown-arrivals.ts";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const A = addr(0xa1);
const PAIR = addr(0x9a14);
const STRANGER = addr(0x5742);
const TOK = addr(0x70c);
const HEX = addr(0x4e4);
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const E18 = 10n ** 18n;
/** 2024-03-01 00:00 UTC (01.03.2024 in Germany). */
const MARCH_2024 = 1_709_251_200;

function record(n: number, from: string, to: string, token: string, amount: bigint, log = 0): NormalizedTransfer {
  return {
    chainId: 369,
    txHash: hash(n),
    logIndex: token === "native" && log === 0 ? -1 : log,
    blockNumber: 1000 + n,
    timestamp: MARCH_2024 + n * 3600,
    from,
    to,
    token,
    amount: amount.toString(),
    fee: "0",
    methodId: null,
    internal: false,
  };
}

/** 100 TOK arrive from outside (tx 1), then are sold for 1000 PLS (tx 2): 500 EUR at 0.50 EUR per PLS. */
const transfers = [
  record(1, STRANGER, A, TOK, 100n * E18),
  record(2, A, PAIR, TOK, 100n * E18, 0),
  record(2, PAIR, A, "native", 1000n * E18, 1),
];
const own = [{ chainId: 369, address: A }];
const registry = new TokenRegistry();
/** TOK is worth 3 EUR (300 EUR for the 100 on arrival), PLS 0.50 EUR. */
const prices = (asset: string) =>
  asset === "369:native"
    ? { eur: "0.5", source: "test" }
    : asset === `369:${TOK}`
      ? { eur: "3", source: "test" }
      : undefined;
const key = { chainId: 369, txHash: hash(1), token: TOK, wallet: A };
const declare = (d: Record<string, unknown>): Declaration =>
  declarationSchema(new Date("2026-01-01T00:00:00Z")).parse({ ...key, ...d });

function run(declarations: Declaration[] = []) {
  return taxReportFromTransfers(transfers, own, prices, {
    registry,
    assets: chainAssetInfo(registry),
    year: 2024,
    declarations,
  });
}

describe("declarations of an arrival sold in the year", () => {
  it("undeclared: the gain is unknown and the arrival is an open point worth 500 EUR", () => {
    const r = run();
    expect(r.years["2024"]).toMatchObject({ gainTaxable: "0.00", unknownGains: 1 });
    expect(unknownGroups(r)).toMatchObject([
      { token: TOK, arrivalKind: "from-outside", eurAtStake: "500.00", arrivals: [{ txHash: hash(1) }] },
    ]);
  });

  it("zero: cost 0 on the day of arrival, the whole 500 EUR are a taxable gain", () => {
    const r = run([declare({ kind: "zero" })]);
    expect(r.years["2024"]).toMatchObject({ gainTaxable: "500.00", gainTaxFree: "0.00", unknownGains: 0 });
    const arrival = r.transactions[0];
    expect(arrival).toMatchObject({ typ: "Kauf", wertEUR: "0.00", steuerpflichtig: false });
    expect(germanDescription(arrival as never)).toBe(
      `Kauf: 100 ${arrival?.coin_name} erhalten – Deine Angabe: geschenkt / Airdrop (0 EUR)`,
    );
    expect(r.transactions[1]?.lots).toMatchObject([{ acquired: "2024-03-01", cost: "0", gain: "500", taxFree: false }]);
    expect(r.unknownArrivals).toEqual([]);
    expect(r.unknownCosts).toEqual([]);
  });

  it("cost with a date more than a year before the sale: 500 - 120 = 380 EUR tax-free", () => {
    const r = run([declare({ kind: "cost", eur: "120", acquiredOn: "2021-02-01" })]);
    expect(r.years["2024"]).toMatchObject({ gainTaxable: "0.00", gainTaxFree: "380.00", unknownGains: 0 });
    expect(r.transactions[0]).toMatchObject({ typ: "Kauf", wertEUR: "120.00", haltefrist_endet: "2022-02-01" });
    expect(germanDescription(r.transactions[0] as never)).toContain(
      "Deine Angabe: gekauft für 120,00 EUR am 01.02.2021",
    );
    expect(r.transactions[1]?.lots).toMatchObject([{ acquired: "2021-02-01", cost: "120", taxFree: true }]);
  });

  it("income: §22 at the market value on arrival (100 x 3 = 300 EUR), the sale gains 500 - 300 = 200 EUR", () => {
    const r = run([declare({ kind: "income" })]);
    expect(r.years["2024"]).toMatchObject({ income22: "300.00", gainTaxable: "200.00", unknownGains: 0 });
    expect(r.transactions[0]).toMatchObject({ typ: "ROI", kind: "income", wertEUR: "300.00", income: "300" });
    expect(germanDescription(r.transactions[0] as never)).toContain("Deine Angabe: Einkünfte (§22 Nr. 3)");
  });

  it("own-transfer: the lots keep the date and cost given (450 EUR on 01.12.2023): 50 EUR taxable", () => {
    const r = run([declare({ kind: "own-transfer", from: "Binance", eur: "450", acquiredOn: "2023-12-01" })]);
    expect(r.years["2024"]).toMatchObject({ gainTaxable: "50.00", unknownGains: 0 });
    expect(r.transactions[0]).toMatchObject({ typ: "Transfer", steuerpflichtig: false });
    expect(germanDescription(r.transactions[0] as never)).toContain("Deine Angabe: von deinem Konto Binance");
    expect(r.transactions[1]?.lots).toMatchObject([{ acquired: "2023-12-01", cost: "450", gain: "50" }]);
  });

  it("a declaration for another wallet or token changes nothing", () => {
    const r = run([declare({ kind: "zero", wallet: STRANGER }), declare({ kind: "zero", token: HEX })]);
    expect(r.years["2024"]).toMatchObject({ unknownGains: 1 });
    expect(unknownGroups(r)).toHaveLength(1);
  });
});

describe("declarations of missing units (insufficient holdings, the sacrifice)", () => {
  /** A pays 300 PLS it never received for 10 HEX (tx 3): 150 EUR of PLS, missing since the fork. */
  const buy = [record(3, A, PAIR, "native", 300n * E18, 0), record(3, PAIR, A, HEX, 10n * E18, 1)];
  const sacrificeKey = { chainId: 369, txHash: hash(3), token: "native", wallet: A };
  const runBuy = (declarations: Declaration[]) =>
    taxReportFromTransfers(buy, own, prices, {
      registry,
      assets: chainAssetInfo(registry),
      year: 2024,
      chainFork: PULSECHAIN_FORK,
      declarations,
    });
  const declareSacrifice = (d: Record<string, unknown>): Declaration =>
    declarationSchema(new Date("2026-01-01T00:00:00Z")).parse({ ...sacrificeKey, ...d });

  it("undeclared: an open point of kind sacrifice, 150 EUR at stake", () => {
    expect(unknownGroups(runBuy([]))).toMatchObject([
      { token: "native", arrivalKind: "sacrifice", eurAtStake: "150.00" },
    ]);
  });

  it("sacrifice: the missing PLS get the date and value given; 150 - 100 = 50 EUR tax-free", () => {
    const r = runBuy([declareSacrifice({ kind: "sacrifice", given: "1.5 ETH", eur: "100", acquiredOn: "2021-07-20" })]);
    expect(r.years["2024"]).toMatchObject({ gainTaxFree: "50.00", gainTaxable: "0.00", unknownGains: 0 });
    expect(r.transactions[0]?.lots).toMatchObject([
      { acquired: "2021-07-20", amount: "300", cost: "100", taxFree: true },
    ]);
    expect(germanDescription(r.transactions[0] as never)).toContain(
      "Deine Angabe zum fehlenden Bestand: Sacrifice (1.5 ETH) am 20.07.2021, Wert 100,00 EUR",
    );
    expect(r.unknownArrivals).toEqual([]);
    expect(r.unknownCosts).toEqual([]);
  });

  it("income cannot be declared for missing units: it stays an open point", () => {
    const r = runBuy([declareSacrifice({ kind: "income" })]);
    expect(r.years["2024"]).toMatchObject({ unknownGains: 1, income22: "0.00" });
    expect(unknownGroups(r)).toHaveLength(1);
  });
});

describe("a declared purchase date takes its place in the FIFO queue", () => {
  it("a gift declared as bought in 2020 is sold before a lot bought in 2024", () => {
    const { events, assets } = simpleEventsToTaxEvents([
      { time: "2024-01-10T12:00:00+01:00", wallet: "W1", type: "buy", asset: "A", amount: "10", eur: "100" },
      { time: "2024-02-01T12:00:00+01:00", wallet: "W1", type: "unknown-in", asset: "A", amount: "10", id: "gift" },
      { time: "2024-03-01T12:00:00+01:00", wallet: "W1", type: "sell", asset: "A", amount: "10", eur: "300" },
    ]);
    const r = computeTaxReport(events, undefined, {
      assets,
      year: 2024,
      declared: [{ hash: "gift", wallet: "W1", asset: "A", kind: "cost", eur: "50", acquiredOn: "2020-05-01" }],
    });
    // FIFO by acquisition: the 2020 lot first, 300 - 50 = 250 EUR tax-free; the 2024 lot stays.
    expect(r.years["2024"]).toMatchObject({ gainTaxFree: "250.00", gainTaxable: "0.00" });
    expect(r.holdings).toMatchObject([{ asset: "A", acquired: "2024-01-10", cost: "100" }]);
  });
});

describe("when a year is complete", () => {
  const group = { asset: "369:native" } as UnknownGroup;

  it("needs no open group, no missing price and every chain read to the end", () => {
    expect(yearCompleteness({ unknowns: [], missingPrices: 0, incompleteChains: [] })).toBe(true);
    expect(yearCompleteness({ unknowns: [group], missingPrices: 0, incompleteChains: [] })).toBe(false);
    expect(yearCompleteness({ unknowns: [], missingPrices: 1, incompleteChains: [] })).toBe(false);
    expect(yearCompleteness({ unknowns: [], missingPrices: 0, incompleteChains: [369] })).toBe(false);
  });

  const result = (r: ReturnType<typeof run>, unknowns?: UnknownGroup[]) =>
    ({
      ...r,
      year: 2024,
      meta: { incompleteChains: [] },
      ...(unknowns ? { unknowns } : {}),
    }) as unknown as WalletReportResult & { unknowns?: UnknownGroup[] };

  it("with open points, an arrival never sold does not keep the figure provisional; a report without them stays as before", () => {
    // The airdrop of tx 1 only (never sold): an unknown cost, but no open point.
    const held = taxReportFromTransfers(transfers.slice(0, 1), own, prices, { registry, year: 2024 });
    expect(held.unknownCosts).toHaveLength(1);
    expect(reportCompleteness(result(held, unknownGroups(held)))).toMatchObject({
      openGroups: 0,
      complete: true,
      state: "final",
    });
    expect(reportCompleteness(result(held))).toMatchObject({ openGroups: null, complete: false, state: "provisional" });
    const sold = run();
    expect(reportCompleteness(result(sold, unknownGroups(sold)))).toMatchObject({
      openGroups: 1,
      complete: false,
      state: "provisional",
    });
    const declared = run([declare({ kind: "zero" })]);
    expect(reportCompleteness(result(declared, unknownGroups(declared)))).toMatchObject({ complete: true });
  });
});
