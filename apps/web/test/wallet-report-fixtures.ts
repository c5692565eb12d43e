/**
 * Realistic wallet-report answers for the wallet-report tests (and the 200,000-row check of the page):
 * rows shaped like the tax engine's (packages/core/src/tax/types.ts), deterministic for a row index.
 */
import {
  type ConsumedLot,
  type DescriptionKey,
  germanDescription,
  type ReportTransaction,
  type RowDescription,
  type TaxReportJob,
  type WalletReportResult,
  type WalletReportRow,
} from "@pulsemanager/core";

export const WALLET = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const TOKENS = [
  { symbol: "HEX", address: "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39" },
  { symbol: "PLSX", address: "0x95b303987a60c71504d99aa1b13b4da07b0790ab" },
  { symbol: "INC", address: "0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d" },
  { symbol: "pDAI", address: "0x6b175474e89094c44da98b954eedeac495271d0f" },
  { symbol: "WGEP", address: "0xfca88920ca5639ad5e954ea776e73dec54fdc065" },
];
const TYPES: ReportTransaction["typ"][] = [
  "Kauf",
  "ROI",
  "Verkauf",
  "ROI",
  "Kauf",
  "Tausch",
  "ROI",
  "Verkauf",
  "Unbekannt",
  "Kauf",
  "Transfer",
  "Gebühr",
];
const KIND: Record<ReportTransaction["typ"], ReportTransaction["kind"]> = {
  Kauf: "buy",
  Verkauf: "sell",
  ROI: "income",
  Tausch: "swap",
  Unbekannt: "unknown-in",
  Transfer: "transfer",
  Gebühr: "fee-only",
};

const DESCRIPTION_KEY: Record<ReportTransaction["typ"], DescriptionKey> = {
  Kauf: "buy",
  Verkauf: "sell",
  ROI: "income",
  Tausch: "swap",
  Unbekannt: "unknownIn",
  Transfer: "transfer",
  Gebühr: "feeOnly",
};

/** The description the engine would give the row: the token against PLS (a swap: against HEX). */
function descriptionOf(typ: ReportTransaction["typ"], symbol: string, amount: string): RowDescription {
  const key = DESCRIPTION_KEY[typ];
  const token = [{ amount, symbol }];
  const other = [{ amount: "1000.25", symbol: typ === "Tausch" ? "HEX" : "PLS" }];
  if (key === "buy") return { key, given: other, received: token };
  if (key === "sell" || key === "swap") return { key, given: token, received: other };
  if (key === "income" || key === "unknownIn") return { key, given: [], received: token };
  if (key === "transfer") return { key, given: token, received: [] };
  return { key, given: [], received: [] };
}

function hex(n: number, length: number): string {
  let out = "";
  let x = (n * 2654435761) >>> 0;
  while (out.length < length) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += x.toString(16).padStart(8, "0");
  }
  return out.slice(0, length);
}

function money(n: number): string {
  return (n / 100).toFixed(2);
}

function iso(time: number): string {
  return new Date(time * 1000).toISOString().replace(".000Z", "Z");
}

function day(time: number): string {
  return iso(time + 3600).slice(0, 10);
}

function lot(i: number, k: number, time: number, taxFree: boolean): ConsumedLot {
  const acquiredAt = time - (taxFree ? 400 : 100) * 86_400 - k * 3_600;
  const cost = 1000 + ((i * 37 + k * 11) % 90_000);
  const proceeds = cost + ((i * 13) % 20_000) - 8_000;
  const acquired = day(acquiredAt);
  const end = `${Number(acquired.slice(0, 4)) + 1}${acquired.slice(4)}`;
  return {
    use: "disposed",
    wallet: WALLET,
    asset: "369:native",
    acquired,
    acquiredAt,
    amount: `${(i % 9000) + 1}.${String(k * 7).padStart(6, "0")}`,
    cost: `${money(cost)}1234567`,
    proceeds: money(proceeds),
    gain: money(proceeds - cost),
    taxFree,
    holdingPeriodEnds: end,
  };
}

/** Row i of a report for `year`, in time order over the year. */
export function sampleRow(i: number, count: number, year = 2024): WalletReportRow {
  const start = Date.UTC(year, 0, 1) / 1000;
  const time = Math.floor(start + ((i + 0.5) / count) * 365 * 86_400);
  const typ = TYPES[i % TYPES.length] ?? "Kauf";
  const token = TOKENS[i % TOKENS.length] ?? TOKENS[0];
  if (!token) throw new Error("no token");
  const missingPrice = i % 97 === 13;
  const taxFree = i % 3 === 0;
  const lots =
    typ === "Verkauf" || typ === "Tausch" || typ === "Kauf"
      ? [lot(i, 0, time, taxFree), lot(i, 1, time, !taxFree)]
      : [];
  const value = 500 + ((i * 7919) % 2_500_000);
  const steuerpflichtig: ReportTransaction["steuerpflichtig"] =
    missingPrice || typ === "Unbekannt"
      ? "unknown"
      : typ === "Transfer" || typ === "Gebühr"
        ? false
        : typ === "ROI"
          ? true
          : !taxFree;
  const acquiredDay = day(time);
  const amount = `${(i % 5000) + 1}.${String(i % 1_000_000).padStart(6, "0")}`;
  const row: ReportTransaction = {
    hash: `0x${hex(i, 64)}`,
    typ,
    coin_name: token.symbol,
    steuerpflichtig,
    haltefrist_endet: typ === "Gebühr" ? null : `${year + 1}${acquiredDay.slice(4)}`,
    wertEUR: missingPrice ? null : typ === "Transfer" || typ === "Gebühr" ? null : money(value),
    token_address: token.address,
    from_address: typ === "ROI" ? `0x${hex(i + 7, 40)}` : WALLET,
    to_address: typ === "ROI" ? WALLET : `0x${hex(i + 3, 40)}`,
    block_timestamp: iso(time),
    transaction_fee: i % 50 === 7 ? null : money(1 + (i % 300)),
    description: descriptionOf(typ, token.symbol, amount),
    wallet: WALLET,
    kind: KIND[typ],
    chainId: i % 11 === 5 ? 1 : 369,
    time,
    date: acquiredDay,
    amount,
    lots,
    gain: lots.length > 0 && !missingPrice ? money(((i * 13) % 20_000) - 8_000) : null,
    income: typ === "ROI" && !missingPrice ? `${money(value)}00000000` : null,
    priceSource: missingPrice ? null : i % 2 === 0 ? "defillama+ecb:2024-03-15" : "pulsex",
    missingPrice,
  };
  return { ...row, beschreibung: germanDescription(row) };
}

export function sampleResult(count: number, year = 2024): WalletReportResult {
  const transactions = Array.from({ length: count }, (_, i) => sampleRow(i, count, year));
  const by = (typ: string) => transactions.filter((r) => r.typ === typ).length;
  return {
    address: WALLET,
    year,
    summary: {
      total: count,
      käufe: by("Kauf"),
      verkäufe: by("Verkauf"),
      roi: by("ROI"),
      tausch: by("Tausch"),
      unbekannt: by("Unbekannt"),
      steuerpflichtig: transactions.filter((r) => r.steuerpflichtig === true).length,
      steuerfrei: transactions.filter((r) => r.steuerpflichtig === false).length,
      gesamtWertEUR: "1234567.89",
      gainTaxable: "1530.40",
      gainTaxFree: "8120.00",
      gainTaxableAfterFreigrenze: "1530.40",
      income22: "180.25",
      income22AfterFreigrenze: "0.00",
      freigrenze23Crossed: true,
      freigrenze22Crossed: false,
      missingPrices: transactions.filter((r) => r.missingPrice).length,
      unknownCosts: 2,
      unknown: transactions.filter((r) => r.steuerpflichtig === "unknown").length,
    },
    transactions,
    years: {
      [String(year)]: {
        year,
        gainTaxable: "1530.40",
        gainTaxFree: "8120.00",
        gainTaxableAfterFreigrenze: "1530.40",
        income22: "180.25",
        income22AfterFreigrenze: "0.00",
        freigrenze23: "1000.00",
        freigrenze22: "256.00",
        freigrenze23Crossed: true,
        freigrenze22Crossed: false,
        disposals: 42,
        unknownGains: 1,
        missingPrices: 3,
        exact: { gainTaxable: "1530.4012", gainTaxFree: "8120.0000001", income22: "180.2500" },
      },
    },
    holdings: [
      {
        wallet: WALLET,
        asset: "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
        symbol: "HEX",
        amount: "12345.678901",
        acquired: `${year}-11-03`,
        acquiredAt: Date.UTC(year, 10, 3) / 1000,
        cost: "812.331234",
        holdingPeriodEnds: `${year + 1}-11-03`,
        taxFreeFrom: `${year + 1}-11-04`,
      },
      {
        wallet: WALLET,
        asset: "369:native",
        symbol: "PLS",
        amount: "1500000",
        acquired: null,
        acquiredAt: null,
        cost: null,
        holdingPeriodEnds: null,
        taxFreeFrom: null,
      },
    ],
    missingPrices: [
      {
        hash: `0x${hex(13, 64)}`,
        time: Date.UTC(year, 2, 1) / 1000,
        date: `${year}-03-01`,
        wallet: WALLET,
        asset: "369:0xfca88920ca5639ad5e954ea776e73dec54fdc065",
        symbol: "WGEP",
        what: "value",
      },
    ],
    unknownCosts: [
      {
        hash: `0x${hex(8, 64)}`,
        time: Date.UTC(year, 4, 1) / 1000,
        date: `${year}-05-01`,
        wallet: WALLET,
        asset: "369:0x2fa878ab3f87cc1c9737fc071108f904c0b0c95d",
        symbol: "INC",
        amount: "250",
        reason: "unknown-cost",
      },
    ],
    meta: {
      generatedAt: `${year + 1}-02-10T09:30:00Z`,
      period: { from: `${year}-01-01`, to: `${year}-12-31` },
      method: "FIFO",
      wallets: [WALLET],
      chains: [369, 1],
      transfers: count * 2,
      manualEntries: 0,
      priceSources: { "defillama@369": Math.ceil(count / 2), "pulsex_v2@369": Math.floor(count / 2) },
      incompleteChains: [],
    },
  };
}

export function sampleJob(overrides: Partial<TaxReportJob> = {}): TaxReportJob {
  return {
    id: "job-1",
    status: "processing",
    step: "fetching_tx",
    processed_batches: 3,
    total_batches: 10,
    error: null,
    summary: null,
    scope: "address",
    address: WALLET,
    year: 2024,
    created_at: "2025-02-10T09:30:00.000Z",
    updated_at: "2025-02-10T09:30:05.000Z",
    ...overrides,
  };
}
