/**
 * The tax planning view of the engine's open lots (`TaxReport.holdings`): each lot valued at a day's
 * price, its unrealised gain and tax-free date, the totals per token, the tax-free dates of the next
 * 12 months, and the year's room under the Freigrenzen. Pure: the server runs the engine over the
 * stored history (the same run as the wallet report) and hands its holdings and a day's prices in.
 */

import { taxFigureState } from "./figure-state.ts";
import {
  divRoundPow10,
  EUR_SCALE,
  eurCents,
  formatFixed,
  fractionDigits,
  PRICE_SCALE,
  parseEur,
  parseFixed,
  pow10,
} from "./fixed.ts";
import { freigrenze22, freigrenze23 } from "./freigrenze.ts";
import { dayOfIso } from "./holding-period.ts";
import type { LotGap, PlannedLot, PlannedToken, TaxFreeDate, YearRoom } from "./planning-api.ts";
import { parseStakeWallet } from "./stake-events.ts";
import type { OpenLot, YearFigures } from "./types.ts";

/** EUR per whole token of an asset on the day planned for; undefined without a price. */
export type DayPriceOf = (asset: string) => string | undefined;

/** Whole tokens (decimal text) as a bigint with `scale` decimals. */
function tokens(text: string, scale: number): bigint {
  return parseFixed(text, scale, true);
}

/** Atto-euros of `amount` whole tokens at `eurPerToken`. */
export function valueAt(amount: string, eurPerToken: string): bigint {
  const places = fractionDigits(amount);
  const product = tokens(amount, places) * tokens(eurPerToken, PRICE_SCALE);
  return divRoundPow10(product, places + PRICE_SCALE - EUR_SCALE);
}

/** The chain and token of an asset key ("369:0xabc…", "1:native"); outside a chain, the label itself. */
export function assetParts(asset: string): { chainId: number | null; token: string } {
  const m = /^(\d+):(.+)$/.exec(asset);
  return m ? { chainId: Number(m[1]), token: m[2] as string } : { chainId: null, token: asset };
}

function lotGap(lot: OpenLot): LotGap | null {
  if (lot.acquired === null) return "unknown-acquisition";
  return lot.cost === null ? "unknown-cost" : null;
}

/** One open lot as the planning view shows it, on the day `atDay`. */
function plannedLot(lot: OpenLot, atDay: number, price: string | undefined): PlannedLot {
  const stake = parseStakeWallet(lot.wallet);
  const value = price === undefined ? null : valueAt(lot.amount, price);
  const cost = lot.cost === null ? null : parseEur(lot.cost);
  const gap = lotGap(lot);
  const freeDay = lot.taxFreeFrom === null ? null : dayOfIso(lot.taxFreeFrom);
  return {
    wallet: stake ? stake.wallet : lot.wallet,
    stakeId: stake ? stake.stakeId : null,
    ...assetParts(lot.asset),
    asset: lot.asset,
    symbol: lot.symbol,
    amount: lot.amount,
    acquired: lot.acquired,
    cost: cost === null ? null : eurCents(cost),
    value: value === null ? null : eurCents(value),
    gain: value === null || cost === null || gap !== null ? null : eurCents(value - cost),
    gap,
    taxFreeFrom: lot.taxFreeFrom,
    daysUntilTaxFree: freeDay === null ? null : Math.max(0, freeDay - atDay),
  };
}

/** Sums of decimal texts, kept exact at the largest number of places seen. */
class DecimalSum {
  private value = 0n;
  private places = 0;
  add(text: string): void {
    const p = fractionDigits(text);
    if (p > this.places) {
      this.value *= pow10(p - this.places);
      this.places = p;
    }
    this.value += tokens(text, this.places);
  }
  text(): string {
    return formatFixed(this.value, this.places);
  }
}

interface TokenAcc {
  row: PlannedToken;
  amount: DecimalSum;
  taxFree: DecimalSum;
  cost: bigint | null;
  value: bigint | null;
  gain: bigint | null;
}

function addOrNull(sum: bigint | null, part: string | null): bigint | null {
  return sum === null || part === null ? null : sum + parseEur(part);
}

/** Largest value first; tokens without a value after them, by symbol. */
function byValue(a: PlannedToken, b: PlannedToken): number {
  if (a.value !== null && b.value !== null) {
    const d = parseEur(b.value) - parseEur(a.value);
    if (d !== 0n) return d > 0n ? 1 : -1;
  } else if (a.value !== b.value) return a.value === null ? 1 : -1;
  return a.symbol.localeCompare(b.symbol);
}

/**
 * Totals per token over the wallets (stakes included): amounts, tax-free today, cost, value, next
 * tax-free day; the largest value first.
 */
export function tokenTotals(lots: readonly PlannedLot[]): PlannedToken[] {
  const byAsset = new Map<string, TokenAcc>();
  for (const lot of lots) {
    let acc = byAsset.get(lot.asset);
    if (!acc) {
      const row: PlannedToken = {
        ...{ chainId: lot.chainId, token: lot.token, asset: lot.asset, symbol: lot.symbol },
        ...{ amount: "0", taxFreeAmount: "0", cost: null, value: null, gain: null, lots: 0, nextTaxFree: null },
      };
      acc = { row, amount: new DecimalSum(), taxFree: new DecimalSum(), cost: 0n, value: 0n, gain: 0n };
      byAsset.set(lot.asset, acc);
    }
    acc.row.lots++;
    acc.amount.add(lot.amount);
    if (lot.daysUntilTaxFree === 0) acc.taxFree.add(lot.amount);
    else if (lot.taxFreeFrom !== null && (acc.row.nextTaxFree === null || lot.taxFreeFrom < acc.row.nextTaxFree))
      acc.row.nextTaxFree = lot.taxFreeFrom;
    acc.cost = addOrNull(acc.cost, lot.cost);
    acc.value = addOrNull(acc.value, lot.value);
    acc.gain = addOrNull(acc.gain, lot.gain);
  }
  const rows = [...byAsset.values()].map(({ row, amount, taxFree, cost, value, gain }) => ({
    ...row,
    amount: amount.text(),
    taxFreeAmount: taxFree.text(),
    cost: cost === null ? null : eurCents(cost),
    value: value === null ? null : eurCents(value),
    gain: gain === null ? null : eurCents(gain),
  }));
  return rows.sort(byValue);
}

/** The days in the 12 months after `atDay` on which lots become tax-free: per day and token, the amount. */
export function taxFreeTimeline(lots: readonly PlannedLot[], atDay: number): TaxFreeDate[] {
  const lastDay = atDay + 365;
  const byKey = new Map<string, { row: TaxFreeDate; amount: DecimalSum; value: bigint | null }>();
  for (const lot of lots) {
    if (lot.taxFreeFrom === null || lot.daysUntilTaxFree === 0) continue;
    if (dayOfIso(lot.taxFreeFrom) > lastDay) continue;
    const key = `${lot.taxFreeFrom} ${lot.asset}`;
    let acc = byKey.get(key);
    if (!acc) {
      const row = { date: lot.taxFreeFrom, chainId: lot.chainId, token: lot.token, symbol: lot.symbol, amount: "0" };
      acc = { row: { ...row, value: null }, amount: new DecimalSum(), value: 0n };
      byKey.set(key, acc);
    }
    acc.amount.add(lot.amount);
    acc.value = addOrNull(acc.value, lot.value);
  }
  return [...byKey.values()]
    .map(({ row, amount, value }) => ({
      ...row,
      amount: amount.text(),
      value: value === null ? null : eurCents(value),
    }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.symbol.localeCompare(b.symbol)));
}

/** The open lots on the day `at` ("YYYY-MM-DD"), valued with that day's prices; largest values first per wallet. */
export function plannedLots(holdings: readonly OpenLot[], at: string, priceOf: DayPriceOf): PlannedLot[] {
  const atDay = dayOfIso(at);
  return holdings.map((lot) => plannedLot(lot, atDay, priceOf(lot.asset)));
}

/**
 * The year's room under the Freigrenzen (§23: 1,000 EUR from 2024; §22 Nr. 3: 256 EUR) from the engine's
 * figures; `unreadHistories`: chains whose history could not be read to the end (the figures' state).
 */
export function yearRoom(year: number, figures: YearFigures | undefined, unreadHistories = 0): YearRoom {
  const limit23 = freigrenze23(year);
  const limit22 = freigrenze22(year);
  const gain = figures ? parseEur(figures.exact.gainTaxable) : 0n;
  const income = figures ? parseEur(figures.exact.income22) : 0n;
  const room = (limit: bigint, used: bigint) => eurCents(used >= limit ? 0n : limit - used);
  return {
    year,
    gainTaxable: eurCents(gain),
    freigrenze23: eurCents(limit23),
    room23: room(limit23, gain),
    crossed23: figures?.freigrenze23Crossed ?? false,
    income22: eurCents(income),
    freigrenze22: eurCents(limit22),
    room22: room(limit22, income),
    crossed22: figures?.freigrenze22Crossed ?? false,
    state: taxFigureState({
      unreadHistories,
      unknownValues: figures ? figures.unknownGains + figures.missingPrices : 0,
    }),
  };
}

/** What one wallet holds of an asset in its own lots (those locked in a stake not counted). */
export interface WalletHolding {
  lots: OpenLot[];
  /** Base units. */
  amount: bigint;
  /** Whole tokens. */
  text: string;
  symbol: string;
}

export function walletHolding(
  holdings: readonly OpenLot[],
  wallet: string,
  asset: string,
  decimals: number,
): WalletHolding | null {
  const lots = holdings.filter((l) => l.asset === asset && l.wallet === wallet);
  if (lots.length === 0) return null;
  const amount = lots.reduce((sum, l) => sum + tokens(l.amount, decimals), 0n);
  return { lots, amount, text: formatFixed(amount, decimals), symbol: (lots[0] as OpenLot).symbol };
}

/** Whole tokens as typed ("12.5") in base units; null when they have more decimals than the token. */
export function tokenBaseUnits(amount: string, decimals: number): bigint | null {
  return fractionDigits(amount) > decimals ? null : tokens(amount, decimals);
}
