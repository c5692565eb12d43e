/**
 * Binance, Wallet > Transaction History ("Generate all statements"); docs/product/imports.md.
 * Quirks: one line per balance change, signed `Change`; a trade is every trade line with the same
 * `UTC_Time` and `Account`, one trade per coin received (fills and fee lines included, identical
 * lines are separate fills and are summed, never merged away); fees are own lines (`Fee`,
 * `Transaction Fee`), often in BNB; spreadsheet numbers (`3.605E-05`); no ids. Variants: every field
 * quoted, a BOM, the newer header `User ID,Time,…` with two-digit years (`25-01-31 12:00:00`) whose
 * time names no zone. The "Buy Crypto" history (card purchases) is read by binance-buy-crypto.ts.
 */
import { type CsvRecord, type CsvTable, columnIndex } from "../csv-table.ts";
import { absolute, exchangeNumber, isNegative, sumOf } from "../decimal-text.ts";
import type { ExportFormat, ReadRows } from "../export-format.ts";
import { unzonedTime, utcTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";
import { isBuyCryptoHeader, readBuyCrypto } from "./binance-buy-crypto.ts";

const lower = (words: readonly string[]) => new Set(words.map((w) => w.toLowerCase()));

/** Lines that are part of a trade (grouped by time and account). */
const TRADE = lower([
  "Buy",
  "Sell",
  "Fee",
  "Transaction Related",
  "Transaction Buy",
  "Transaction Spend",
  "Transaction Fee",
  "Transaction Revenue",
  "Transaction Sold",
  "Binance Convert",
  "Small assets exchange BNB",
  "Buy Crypto",
  "Asset Conversion Transfer",
]);
const FEE = lower(["Fee", "Transaction Fee"]);
const DEPOSIT = lower(["Deposit", "Fiat Deposit"]);
const WITHDRAWAL = lower(["Withdraw", "Fiat Withdraw"]);
const REWARD = lower([
  "ETH 2.0 Staking Rewards",
  "Launchpool Interest",
  "POS savings interest",
  "Savings Interest",
  "Simple Earn Flexible Interest",
  "Simple Earn Locked Rewards",
  "BNB Vault Rewards",
  "Cash Voucher Distribution",
  "Mission Reward Distribution",
  "Referral Kickback",
  "Staking Rewards",
]);
/** Internal moves (subscriptions, redemptions, transfers between own accounts), futures P&L. */
const OTHER = lower([
  "POS savings purchase",
  "POS savings redemption",
  "Savings purchase",
  "Savings Principal redemption",
  "ETH 2.0 Staking",
  "Simple Earn Flexible Subscription",
  "Simple Earn Flexible Redemption",
  "Simple Earn Locked Subscription",
  "Simple Earn Locked Redemption",
  "Staking Purchase",
  "Staking Redemption",
  "Funding Fee",
  "Realized Profit and Loss",
  "Transfer Between Main and Funding Wallet",
  "Transfer Between Spot Account and UM Futures Account",
  "Transfer Between Spot Account and CM Futures Account",
]);

/** One readable line of the file. */
interface BinanceLine {
  line: number;
  /** The time cell as written: the trade grouping key with the account. */
  timeText: string;
  time: string;
  account: string;
  operation: string;
  coin: string;
  /** Signed exact decimal. */
  change: string;
  remark: string;
}

interface Columns {
  time: number;
  account: number;
  operation: number;
  coin: number;
  change: number;
  remark: number;
  /** The newer `Time` header: two-digit years, no zone named. */
  zoneless: boolean;
}

function columnsOf(header: readonly string[]): Columns | undefined {
  const utc = columnIndex(header, "UTC_Time");
  const time = utc >= 0 ? utc : columnIndex(header, "Time");
  const columns = {
    time,
    account: columnIndex(header, "Account"),
    operation: columnIndex(header, "Operation"),
    coin: columnIndex(header, "Coin"),
    change: columnIndex(header, "Change"),
    remark: columnIndex(header, "Remark"),
    zoneless: utc < 0,
  };
  const userId = columnIndex(header, "User_ID") >= 0 || columnIndex(header, "User ID") >= 0;
  const needed = [columns.time, columns.account, columns.operation, columns.coin, columns.change];
  return userId && needed.every((i) => i >= 0) ? columns : undefined;
}

/** `2020-10-28 22:03:03` (UTC), or the newer `20-10-28 22:03:03` (two-digit year, no zone). */
function timeOf(text: string, zoneless: boolean): string | undefined {
  if (!zoneless) return utcTime(text);
  const full = /^\d{2}-\d{2}-\d{2} /.test(text) ? `20${text}` : text;
  return unzonedTime(full);
}

function knownOperation(operation: string): boolean {
  const word = operation.toLowerCase();
  return [TRADE, DEPOSIT, WITHDRAWAL, REWARD, OTHER].some((set) => set.has(word));
}

/** A record as a line, or why it cannot be read. */
function lineOf(record: CsvRecord, c: Columns): BinanceLine | RefusedLine {
  const { line, cells } = record;
  const cell = (i: number) => cells[i] ?? "";
  if (cells.length <= Math.max(c.time, c.account, c.operation, c.coin, c.change))
    return { line, problem: "short-line" };
  const timeText = cell(c.time);
  if (timeText === "") return { line, problem: "missing-time" };
  const time = timeOf(timeText, c.zoneless);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  for (const [name, i] of [
    ["Operation", c.operation],
    ["Coin", c.coin],
    ["Change", c.change],
  ] as const)
    if (cell(i) === "") return { line, problem: "missing-field", detail: name };
  const operation = cell(c.operation);
  if (!knownOperation(operation)) return { line, problem: "unknown-operation", detail: operation };
  const change = exchangeNumber(cell(c.change));
  if (change === undefined) return { line, problem: "bad-number", detail: cell(c.change) };
  const remark = c.remark >= 0 ? cell(c.remark) : "";
  return { line, timeText, time, account: cell(c.account), operation, coin: cell(c.coin), change, remark };
}

function isPositive(amount: string): boolean {
  return !isNegative(amount) && amount !== "0";
}

/** A line that is not part of a trade: deposit, withdrawal, reward or an internal move. */
function singleRow(l: BinanceLine, kind: ImportKind): ImportedRow {
  const leg = { asset: l.coin, amount: absolute(l.change) };
  const row: ImportedRow = { line: l.line, time: l.time, kind, operation: l.operation, fees: [] };
  if (l.change !== "0") {
    if (isNegative(l.change)) row.out = leg;
    else row.in = leg;
  }
  if (l.remark) row.note = l.remark;
  return row;
}

function kindOf(operation: string): ImportKind {
  const word = operation.toLowerCase();
  if (DEPOSIT.has(word)) return "deposit";
  if (WITHDRAWAL.has(word)) return "withdrawal";
  if (REWARD.has(word)) return "reward";
  return "other";
}

/** Amounts per coin of these lines, summed (fills of one order), in the order the coins first appear. */
function legsByCoin(lines: readonly BinanceLine[]): ImportedLeg[] {
  const byCoin = new Map<string, string[]>();
  for (const l of lines) byCoin.set(l.coin, [...(byCoin.get(l.coin) ?? []), absolute(l.change)]);
  return [...byCoin].map(([asset, amounts]) => ({ asset, amount: sumOf(amounts) }));
}

const firstLine = (lines: readonly BinanceLine[]) => Math.min(...lines.map((l) => l.line));

/**
 * One trade's lines (same time and account) as rows: one per coin received. The spent coin and the
 * fees go with the single trade; when several coins were received at one second the file does not say
 * which part of the spent coin paid for which, so the first trade carries the spent side and the fees
 * and every trade of the group says so in its note. A second spent coin (dust of several coins at one
 * second) becomes a row of its own with only its out leg. A group without a received coin (a fee
 * alone) is read line by line as other.
 */
function tradeRows(group: readonly BinanceLine[]): ImportedRow[] {
  const isFee = (l: BinanceLine) => FEE.has(l.operation.toLowerCase());
  const received = group.filter((l) => !isFee(l) && isPositive(l.change));
  if (received.length === 0) return group.map((l) => singleRow(l, "other"));
  const time = (group[0] as BinanceLine).time;
  const spent = legsByCoin(group.filter((l) => !isFee(l) && isNegative(l.change)));
  const rows = legsByCoin(received).map((leg, i): ImportedRow => {
    const lines = received.filter((l) => l.coin === leg.asset);
    const line = i === 0 ? firstLine(group) : firstLine(lines);
    const fees = i === 0 ? legsByCoin(group.filter(isFee)) : [];
    return { line, time, kind: "trade", operation: (lines[0] as BinanceLine).operation, in: leg, fees };
  });
  const carrier = rows[0] as ImportedRow;
  if (spent[0]) carrier.out = spent[0];
  if (rows.length > 1) {
    const coins = rows.map((r) => r.in?.asset).join(", ");
    const note = `${coins} bought in one second: the file does not split the spent side per coin; it and the fees are on line ${carrier.line}'s row`;
    for (const r of rows) r.note = note;
  }
  for (const leg of spent.slice(1))
    rows.push({
      line: carrier.line,
      time,
      kind: "trade",
      operation: carrier.operation,
      out: leg,
      fees: [],
      note: "sold in the same second as the row before",
    });
  return rows;
}

/** Trade lines grouped by time and account, in the order the groups first appear. */
function tradeGroups(lines: readonly BinanceLine[]): BinanceLine[][] {
  const groups = new Map<string, BinanceLine[]>();
  for (const l of lines) {
    const key = `${l.timeText}\u0000${l.account}`;
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  return [...groups.values()];
}

function readHistory(table: CsvTable, columns: Columns): ReadRows {
  const refused: RefusedLine[] = [];
  const lines: BinanceLine[] = [];
  for (const record of table.records) {
    const read = lineOf(record, columns);
    if ("problem" in read) refused.push(read);
    else lines.push(read);
  }
  const trades = lines.filter((l) => TRADE.has(l.operation.toLowerCase()));
  const singles = lines.filter((l) => !TRADE.has(l.operation.toLowerCase()));
  const rows = [...tradeGroups(trades).flatMap(tradeRows), ...singles.map((l) => singleRow(l, kindOf(l.operation)))];
  return { rows: rows.sort((a, b) => a.line - b.line), refused };
}

export const binanceFormat: ExportFormat = {
  id: "binance",
  name: "Binance",
  isHeader: (header) => columnsOf(header) !== undefined || isBuyCryptoHeader(header),
  read: (table) => {
    const columns = columnsOf(table.header);
    return columns ? readHistory(table, columns) : readBuyCrypto(table);
  },
};
