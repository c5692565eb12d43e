import type { TokenRegistry } from "../chains/known-tokens.ts";
import { fractionDigits, parseFixed } from "../tax/fixed.ts";
import { GERMAN_TIME_ZONE } from "../tax/holding-period.ts";
import type { AssetInfo, AssetInfoLookup, LegEvent, TaxEvent, TaxLeg } from "../tax/types.ts";
import { sumOf } from "./decimal-text.ts";
import { type ExchangeAsset, exchangeAsset, isFiat, normalTicker } from "./exchange-assets.ts";
import { zonedTime } from "./export-times.ts";
import type { ImportedLeg, ImportedRow } from "./imported-row.ts";
import { isZoned } from "./imported-row.ts";

/**
 * An imported account's rows as events of the tax report (docs/product/imports.md, "In the report"):
 * the account is a wallet of its own. A trade against fiat is Kauf/Verkauf at its fiat leg (EUR as it
 * is, another currency at the ECB rate of the day), crypto against crypto a Tausch (at the file's fiat
 * value where it has one), a reward income, a crypto deposit or withdrawal "Unbekannt" (until it is
 * matched with an own wallet), fees in fiat the trade's fee, fees in crypto taken from the account's lots.
 * Fiat alone (bank deposits and withdrawals) and internal moves ("other") are no events.
 */
export interface AccountEventsOptions {
  /** The account's wallet in the report (its name). */
  wallet: string;
  /** An amount of a fiat currency in EUR at a moment, or undefined without a rate. */
  eurOf: (currency: string, amount: string, unixSeconds: number) => string | undefined;
  /** The tokens tickers are mapped to (the app's registry, with a deployment's own); default the built-in list. */
  registry?: TokenRegistry;
  /**
   * Each row's stable id (the server's `account:rowKey`, unique and the same after a rename); default
   * the exchange's id or the wallet and line.
   */
  ids?: readonly string[];
}

export function rowUnixSeconds(row: ImportedRow): number {
  const iso = isZoned(row.time) ? row.time : (zonedTime(row.time, GERMAN_TIME_ZONE) ?? `${row.time}Z`);
  return Math.floor(Date.parse(iso) / 1000);
}

export interface AccountEvents {
  events: TaxEvent[];
  /** Symbol and decimals of the exchange-only assets (`exchange:BTC`). */
  assets: AssetInfoLookup;
  /** The exchange's ticker of every asset the events use (chain tokens included: `1:native` -> ETH). */
  symbols: Map<string, string>;
}

export function accountTaxEvents(rows: readonly ImportedRow[], options: AccountEventsOptions): AccountEvents {
  // Each ticker looked up once (an account has a few coins and many rows).
  const known = new Map<string, ExchangeAsset>();
  const assetOf = (ticker: string) => {
    const cached = known.get(ticker);
    if (cached) return cached;
    const asset = exchangeAsset(ticker, options.registry);
    known.set(ticker, asset);
    return asset;
  };
  const decimals = assetDecimals(rows, assetOf);
  const leg = (l: ImportedLeg): TaxLeg => {
    const asset = assetOf(l.asset);
    return {
      wallet: options.wallet,
      asset: asset.key,
      amount: parseFixed(l.amount, decimals.get(asset.key) ?? 18, true),
    };
  };
  const events = rows.flatMap((row, i) => rowEvents(row, options.ids?.[i], leg, options));
  const info = new Map<string, AssetInfo>();
  for (const [key, d] of decimals)
    if (key.startsWith("exchange:")) info.set(key, { symbol: key.slice(9), decimals: d });
  const symbols = new Map<string, string>();
  for (const l of rows.flatMap(legsOf)) if (!isFiat(l.asset)) symbols.set(assetOf(l.asset).key, normalTicker(l.asset));
  return { events, assets: (asset) => info.get(asset), symbols };
}

/** Every leg of a row: in, out, the further coins and the fees. */
function legsOf(row: ImportedRow): ImportedLeg[] {
  return [row.in, row.out, ...(row.alsoIn ?? []), ...(row.alsoOut ?? []), ...row.fees].filter(
    (l): l is ImportedLeg => l !== undefined,
  );
}

/** Decimals per asset: a chain token's own, else the most fractional digits of its amounts, at least 18. */
function assetDecimals(rows: readonly ImportedRow[], assetOf: (ticker: string) => ExchangeAsset): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows)
    for (const l of legsOf(row)) {
      if (isFiat(l.asset)) continue;
      const asset = assetOf(l.asset);
      out.set(asset.key, asset.decimals ?? Math.max(out.get(asset.key) ?? 18, fractionDigits(l.amount)));
    }
  return out;
}

type LegOf = (l: ImportedLeg) => TaxLeg;

function rowEvents(row: ImportedRow, id: string | undefined, leg: LegOf, options: AccountEventsOptions): TaxEvent[] {
  const time = rowUnixSeconds(row);
  // A coin leg is one whose amount is something in the asset's units (a dust amount below them is none).
  const crypto = (l: ImportedLeg | undefined) => (l && !isFiat(l.asset) && leg(l).amount > 0n ? l : undefined);
  const eur = (l: ImportedLeg | undefined) =>
    l && isFiat(l.asset) ? options.eurOf(normalTicker(l.asset), l.amount, time) : undefined;
  const base = baseOf(row, id, time, options, leg);
  const sides = {
    out: crypto(row.out),
    inn: crypto(row.in),
    fiatOut: eur(row.out),
    fiatIn: eur(row.in),
    value: eur(row.fiatValue),
  };
  const main = mainEvent(row, base, sides, leg);
  // A row that is no event of its own (a fiat deposit, an internal move) still pays its crypto fee.
  const first = main ?? (base.fee ? base : undefined);
  return first ? [first, ...extraFees(row, base, leg)] : [];
}

interface Sides {
  out: ImportedLeg | undefined;
  inn: ImportedLeg | undefined;
  fiatOut: string | undefined;
  fiatIn: string | undefined;
  /** The row's own value in EUR (the file's native amount), where it has one. */
  value: string | undefined;
}

function mainEvent(row: ImportedRow, base: LegEvent, s: Sides, leg: LegOf): LegEvent | undefined {
  const withEur = (e: LegEvent, eur: string | undefined): LegEvent => (eur === undefined ? e : { ...e, eur });
  switch (row.kind) {
    case "trade":
      if (s.inn && s.out) {
        const given = [s.out, ...(row.alsoOut ?? [])].map(leg);
        return withEur({ ...base, kind: "swap", given, received: [s.inn, ...(row.alsoIn ?? [])].map(leg) }, s.value);
      }
      if (s.inn) return withEur({ ...base, kind: "buy", received: [leg(s.inn)] }, s.fiatOut ?? s.value);
      if (s.out)
        return withEur({ ...base, kind: "sell", given: [leg(s.out)], valueFrom: "given" }, s.fiatIn ?? s.value);
      return undefined;
    case "reward":
      return s.inn ? withEur({ ...base, kind: "income", received: [leg(s.inn)] }, s.value) : undefined;
    case "deposit":
      return s.inn ? { ...base, kind: "unknown-in", received: [leg(s.inn)], arrival: "from-outside" } : undefined;
    case "withdrawal":
      return s.out ? { ...base, kind: "unknown-out", given: [leg(s.out)], valueFrom: "given" } : undefined;
    default:
      return undefined;
  }
}

/** The event's fields every kind shares: time, id, fees (fiat as `feeEur`, the first crypto fee as `fee`). */
function baseOf(
  row: ImportedRow,
  id: string | undefined,
  time: number,
  options: AccountEventsOptions,
  leg: LegOf,
): LegEvent {
  const fiatFees = row.fees
    .filter((f) => isFiat(f.asset))
    .map((f) => options.eurOf(normalTicker(f.asset), f.amount, time));
  const known = fiatFees.filter((f): f is string => f !== undefined);
  const cryptoFee = row.fees.find((f) => !isFiat(f.asset) && leg(f).amount > 0n);
  return {
    kind: "fee-only",
    time,
    given: [],
    received: [],
    id: id ?? row.externalId ?? `${options.wallet} line ${row.line}`,
    ...(row.txHash ? { txHash: row.txHash } : {}),
    ...(known.length > 0 ? { feeEur: sumOf(known) } : {}),
    ...(cryptoFee ? { fee: leg(cryptoFee) } : {}),
    note: `${options.wallet}: ${row.operation}${row.note ? ` (${row.note})` : ""}`,
  };
}

/** Crypto fees after the first: each taken from the account's lots as a fee of its own. */
function extraFees(row: ImportedRow, base: LegEvent, leg: LegOf): LegEvent[] {
  const crypto = row.fees.filter((f) => !isFiat(f.asset) && leg(f).amount > 0n);
  return crypto
    .slice(1)
    .map((f, n) => ({ ...base, kind: "fee-only", feeEur: undefined, fee: leg(f), id: `${base.id} fee ${n + 2}` }));
}
