/**
 * Crypto.com App, Transaction History export of the crypto wallet (docs/product/imports.md).
 * Header `Timestamp (UTC),Transaction Description,Currency,Amount,To Currency,To Amount,Native Currency,
 * Native Amount,Native Amount (in USD),Transaction Kind`, since 2024 with an 11th `Transaction Hash`.
 * Times are UTC; rows are not in time order; `Amount` is signed (negative = out of the wallet);
 * `To Currency`/`To Amount` are filled on conversions only, a card purchase names the fiat paid only as
 * `Native Amount`. `Transaction Kind` decides the meaning: one-row trades; dust conversions and MCO/CRO
 * coin swaps write a credited and one or more debited lines at one second (one trade per second);
 * limit orders write lock, commit and unlock lines for one order (only the commit is a fill);
 * lockups, Earn and Supercharger moves and the parts of the MCO/CRO swap leave the app's balance as it
 * is (rows of kind other without legs, their amount in the note). An unknown kind is refused.
 */
import { D } from "../../chains/amounts.ts";
import type { CsvRecord, CsvTable } from "../csv-table.ts";
import { columnIndex } from "../csv-table.ts";
import { absolute, exchangeNumber, isNegative } from "../decimal-text.ts";
import type { ExportFormat, ReadRows } from "../export-format.ts";
import { utcTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const COLUMNS = [
  "Timestamp (UTC)",
  "Transaction Description",
  "Currency",
  "Amount",
  "To Currency",
  "To Amount",
  "Native Currency",
  "Native Amount",
  "Native Amount (in USD)",
  "Transaction Kind",
] as const;

/** Trades written as one line: the sold side in Currency/Amount (or the native fiat), the bought side in To …. */
const ONE_LINE_TRADES = new Set([
  "crypto_purchase",
  "crypto_exchange",
  "viban_purchase",
  "crypto_viban_exchange",
  "card_top_up",
  "recurring_buy_order",
]);
/** Trades written as a credited and debited lines at one second, by the kind's stem. */
const GROUPED_TRADES = /^(dust_conversion|dynamic_coin_swap)_(credited|debited)$/;
/** Limit orders: lock and unlock only reserve and release the cash; the commit is the fill. */
const LIMIT_ORDER = /^trading\.limit_order\.[a-z_]+\.(purchase|sell)_(lock|unlock|commit)$/;
const REWARDS = new Set([
  "referral_bonus",
  "referral_card_cashback",
  "referral_gift",
  "reimbursement",
  "crypto_earn_interest_paid",
  "crypto_earn_extra_interest_paid",
  "pay_checkout_reward",
  "transfer_cashback",
  "mco_stake_reward",
  "supercharger_reward_to_app_credited",
  "finance.lockup.dpos_compound_interest.crypto_wallet",
  "campaign_reward",
]);
/** Moves into or out of the app wallet that are neither trades nor transfers to others. */
const OTHER_MOVES = new Set([
  "exchange_to_crypto_transfer",
  "crypto_to_exchange_transfer",
  "crypto_payment",
  "crypto_payment_refund",
  "reimbursement_reverted",
  "card_cashback_reverted",
  "crypto_wallet_swap_credited",
  "crypto_wallet_swap_debited",
]);
/** Lines that do not change the app's balance (locks, Earn, Supercharger, parts of the MCO/CRO swap). */
const BALANCE_UNCHANGED = new Set([
  "lockup_lock",
  "lockup_unlock",
  "lockup_upgrade",
  "lockup_swap_credited",
  "lockup_swap_debited",
  "lockup_swap_rebate",
  "crypto_earn_program_created",
  "crypto_earn_program_withdrawn",
  "supercharger_deposit",
  "supercharger_withdrawal",
  "dynamic_coin_swap_bonus_exchange_deposit",
  "finance.lockup.dpos_lock.crypto_wallet",
  "finance.lockup.dpos_unlock.crypto_wallet",
]);

/** One line of the file, its cells checked. */
interface CryptocomLine {
  line: number;
  timeText: string;
  time: string;
  description: string;
  kind: string;
  currency: string;
  /** Signed, exact. */
  amount: string;
  to?: ImportedLeg;
  native?: ImportedLeg;
  txHash?: string;
}

const leg = (asset: string, amount: string): ImportedLeg => ({ asset, amount: absolute(amount) });

function parseLine(record: CsvRecord, hashColumn: number): CryptocomLine | RefusedLine {
  const c = record.cells;
  const line = record.line;
  if (c.length < COLUMNS.length) return { line, problem: "short-line" };
  const [timeText, description, currency, amountText, toCurrency, toAmountText, nativeCurrency, nativeText] = c;
  const kind = c[9] as string;
  if (!timeText) return { line, problem: "missing-time" };
  const time = utcTime(timeText);
  if (!time) return { line, problem: "bad-time", detail: timeText };
  if (!kind || !currency) return { line, problem: "missing-field", detail: kind ? "Currency" : "Transaction Kind" };
  const amount = exchangeNumber(amountText);
  if (amount === undefined) return { line, problem: "bad-number", detail: amountText };
  const parsed: CryptocomLine = { line, timeText, time, description: description ?? "", kind, currency, amount };
  if (toCurrency) {
    const toAmount = exchangeNumber(toAmountText);
    if (toAmount === undefined) return { line, problem: "bad-number", detail: toAmountText };
    parsed.to = leg(toCurrency, toAmount);
  }
  if (nativeText) {
    const native = exchangeNumber(nativeText);
    if (native === undefined) return { line, problem: "bad-number", detail: nativeText };
    if (nativeCurrency) parsed.native = leg(nativeCurrency, native);
  }
  const hash = hashColumn < 0 ? "" : (c[hashColumn] ?? "");
  if (hash) parsed.txHash = hash;
  return parsed;
}

function baseRow(l: CryptocomLine, kind: ImportKind): ImportedRow {
  const row: ImportedRow = { line: l.line, time: l.time, kind, operation: l.kind, fees: [] };
  if (l.native) row.fiatValue = l.native;
  if (l.txHash) row.txHash = l.txHash;
  return row;
}

/** A row whose one leg follows the sign of Amount. */
function signedRow(l: CryptocomLine, kind: ImportKind): ImportedRow {
  const row = baseRow(l, kind);
  if (isNegative(l.amount)) row.out = leg(l.currency, l.amount);
  else row.in = leg(l.currency, l.amount);
  return row;
}

/**
 * A one-line trade: a conversion names both sides; a card purchase (positive Amount, no To Currency)
 * paid the native fiat; a card top-up (negative Amount) received it.
 */
function oneLineTrade(l: CryptocomLine): ImportedRow {
  const row = baseRow(l, "trade");
  if (l.to) {
    row.out = leg(l.currency, l.amount);
    row.in = l.to;
  } else if (isNegative(l.amount)) {
    row.out = leg(l.currency, l.amount);
    if (l.native) row.in = l.native;
  } else {
    row.in = leg(l.currency, l.amount);
    if (l.native) row.out = l.native;
  }
  return row;
}

/** A line that moves nothing in the app's balance: no legs, what it says in the note. */
function unchangedRow(l: CryptocomLine): ImportedRow {
  const to = l.to ? ` for ${l.to.amount} ${l.to.asset}` : "";
  return { ...baseRow(l, "other"), note: `${l.description}: ${l.amount} ${l.currency}${to} (balance unchanged)` };
}

/** The row of a line read on its own, undefined for a kind whose meaning is not known. */
function singleRow(l: CryptocomLine): ImportedRow | undefined {
  const k = l.kind;
  if (ONE_LINE_TRADES.has(k)) return oneLineTrade(l);
  const order = k.match(LIMIT_ORDER);
  if (order) return order[2] === "commit" ? oneLineTrade(l) : unchangedRow(l);
  if (k === "crypto_deposit") return signedRow(l, "deposit");
  if (k === "crypto_withdrawal") return signedRow(l, "withdrawal");
  if (k === "crypto_transfer")
    return { ...signedRow(l, isNegative(l.amount) ? "withdrawal" : "deposit"), note: l.description };
  if (REWARDS.has(k)) return signedRow(l, "reward");
  if (OTHER_MOVES.has(k)) return signedRow(l, "other");
  if (BALANCE_UNCHANGED.has(k)) return unchangedRow(l);
  return undefined;
}

/** Legs of one side of a grouped trade, summed per asset. */
function summedLegs(lines: readonly CryptocomLine[]): ImportedLeg[] {
  const byAsset = new Map<string, InstanceType<typeof D>>();
  for (const l of lines) byAsset.set(l.currency, (byAsset.get(l.currency) ?? new D(0)).add(absolute(l.amount)));
  return [...byAsset].map(([asset, amount]) => ({ asset, amount: amount.toFixed() }));
}

/**
 * A dust conversion or coin swap (credited and debited lines of one second) as one trade. When several
 * coins were converted at once (dust of UNI and DOT into CRO) the first coin of each side is the
 * trade's leg and the others its `alsoOut` / `alsoIn`.
 */
function groupedTrade(lines: readonly CryptocomLine[]): ImportedRow[] {
  const first = lines[0] as CryptocomLine;
  const credited = lines.filter((l) => !isNegative(l.amount));
  const received = summedLegs(credited);
  const spent = summedLegs(lines.filter((l) => isNegative(l.amount)));
  const row: ImportedRow = { ...baseRow(credited[0] ?? first, "trade"), line: first.line };
  if (received[0]) row.in = received[0];
  if (spent[0]) row.out = spent[0];
  if (received.length > 1) row.alsoIn = received.slice(1);
  if (spent.length > 1) row.alsoOut = spent.slice(1);
  return [row];
}

function read(table: CsvTable): ReadRows {
  const rows: ImportedRow[] = [];
  const refused: RefusedLine[] = [];
  const groups = new Map<string, CryptocomLine[]>();
  const hashColumn = columnIndex(table.header, "Transaction Hash");
  for (const record of table.records) {
    const l = parseLine(record, hashColumn);
    if ("problem" in l) {
      refused.push(l);
      continue;
    }
    const grouped = l.kind.match(GROUPED_TRADES);
    if (grouped) {
      const key = `${grouped[1]}\u0000${l.timeText}`;
      groups.set(key, [...(groups.get(key) ?? []), l]);
      continue;
    }
    const row = singleRow(l);
    if (row) rows.push(row);
    else refused.push({ line: l.line, problem: "unknown-operation", detail: l.kind });
  }
  for (const lines of groups.values()) rows.push(...groupedTrade(lines));
  return { rows, refused };
}

export const cryptocomFormat: ExportFormat = {
  id: "cryptocom",
  name: "Crypto.com",
  isHeader: (header) =>
    COLUMNS.every((name, i) => header[i] === name) &&
    (header.length === COLUMNS.length || header[COLUMNS.length] === "Transaction Hash"),
  read,
};
