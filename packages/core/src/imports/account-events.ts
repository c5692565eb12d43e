import type { TokenRegistry } from "../chains/known-tokens.ts";
import { formatFixed, fractionDigits, parseFixed } from "../tax/fixed.ts";
import type { AssetInfo, AssetInfoLookup, LegEvent, TaxEvent, TaxLeg } from "../tax/types.ts";
import { exchangeAsset, isFiat, normalTicker } from "./exchange-assets.ts";
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
}

/** Local times of a file that names no zone are taken as German time (the user's). */
const LOCAL_ZONE = "Europe/Berlin";

export function rowUnixSeconds(row: ImportedRow): number {
  const iso = isZoned(row.time) ? row.time : (zonedTime(row.time, LOCAL_ZONE) ?? `${row.time}Z`);
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
  const decimals = assetDecimals(rows, options.registry);
  const leg = (l: ImportedLeg): TaxLeg => {
    const asset = exchangeAsset(l.asset, options.registry);
    return {
      wallet: options.wallet,
      asset: asset.key,
      amount: parseFixed(l.amount, decimals.get(asset.key) ?? 18, true),
    };
  };
  const events = rows.flatMap((row) => rowEvents(row, leg, options));
  const info = new Map<string, AssetInfo>();
  for (const [key, d] of decimals)
    if (key.startsWith("exchange:")) info.set(key, { symbol: key.slice(9), decimals: d });
  const symbols = new Map<string, string>();
  for (const row of rows)
    for (const l of [row.in, row.out, ...(row.alsoIn ?? []), ...(row.alsoOut ?? []), ...row.fees])
      if (l && !isFiat(l.asset)) symbols.set(exchangeAsset(l.asset, options.registry).key, normalTicker(l.asset));
  return { events, assets: (asset) => info.get(asset), symbols };
}

/** Decimals per asset: a chain token's own, else the most fractional digits of its amounts, at least 18. */
function assetDecimals(rows: readonly ImportedRow[], registry?: TokenRegistry): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows)
    for (const l of [row.in, row.out, ...(row.alsoIn ?? []), ...(row.alsoOut ?? []), ...row.fees]) {
      if (!l || isFiat(l.asset)) continue;
      const asset = exchangeAsset(l.asset, registry);
      out.set(asset.key, asset.decimals ?? Math.max(out.get(asset.key) ?? 18, fractionDigits(l.amount)));
    }
  return out;
}

type LegOf = (l: ImportedLeg) => TaxLeg;

function rowEvents(row: ImportedRow, leg: LegOf, options: AccountEventsOptions): TaxEvent[] {
  const time = rowUnixSeconds(row);
  const crypto = (l: ImportedLeg | undefined) => (l && !isFiat(l.asset) && /[1-9]/.test(l.amount) ? l : undefined);
  const eur = (l: ImportedLeg | undefined) =>
    l && isFiat(l.asset) ? options.eurOf(normalTicker(l.asset), l.amount, time) : undefined;
  const base = baseOf(row, time, options, leg);
  const out = crypto(row.out);
  const inn = crypto(row.in);
  const main = mainEvent(
    row,
    base,
    { out, inn, fiatOut: eur(row.out), fiatIn: eur(row.in), value: eur(row.fiatValue) },
    leg,
  );
  if (!main) return [];
  return [main, ...extraFees(row, base, leg)];
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
function baseOf(row: ImportedRow, time: number, options: AccountEventsOptions, leg: LegOf): LegEvent {
  const fiatFees = row.fees
    .filter((f) => isFiat(f.asset))
    .map((f) => options.eurOf(normalTicker(f.asset), f.amount, time));
  const known = fiatFees.filter((f): f is string => f !== undefined);
  const cryptoFee = row.fees.find((f) => !isFiat(f.asset) && /[1-9]/.test(f.amount));
  return {
    kind: "fee-only",
    time,
    given: [],
    received: [],
    id: row.externalId ?? `${options.wallet} line ${row.line}`,
    ...(row.txHash ? { txHash: row.txHash } : {}),
    ...(known.length > 0 ? { feeEur: sumDecimal(known) } : {}),
    ...(cryptoFee ? { fee: leg(cryptoFee) } : {}),
    note: `${options.wallet}: ${row.operation}${row.note ? ` (${row.note})` : ""}`,
  };
}

/** Crypto fees after the first: each taken from the account's lots as a fee of its own. */
function extraFees(row: ImportedRow, base: LegEvent, leg: LegOf): LegEvent[] {
  const crypto = row.fees.filter((f) => !isFiat(f.asset) && /[1-9]/.test(f.amount));
  return crypto
    .slice(1)
    .map((f, n) => ({ ...base, kind: "fee-only", feeEur: undefined, fee: leg(f), id: `${base.id} fee ${n + 2}` }));
}

function sumDecimal(values: readonly string[]): string {
  const scale = Math.max(...values.map(fractionDigits));
  return formatFixed(
    values.reduce((sum, v) => sum + parseFixed(v, scale), 0n),
    scale,
  );
}
