/**
 * Coinbase (retail app), Account statements > transaction history CSV; docs/product/imports.md.
 * Quirks: real downloads start with a short preamble (a line of commas, `Transactions`,
 * `User,<name>,<id>`) before the header; money cells carry the currency sign (`€3343.11`, `-€597.49`,
 * `$70.00`) and `Price Currency` names the fiat; `Timestamp` is `2025-01-17 16:57:02 UTC` (older files
 * ISO with `Z`). A Buy is the asset for the `Subtotal`, the `Fees and/or Spread` on top (Subtotal + fee =
 * Total); a Sell gives the `Total` (after fees). A `Convert`'s received asset and amount exist only in
 * `Notes` ("Converted 0.00363125 BTC to 156.145683 XRP"), as does an Advanced Trade's counter coin on a
 * crypto market (`BTC-USDC`: the Notes amount is paid fee included, the fee column only values it).
 * A row repeating an `ID` already read (the same transaction valued in another currency) is read once.
 * The older 2021-2023 header has no `ID` and says `Spot Price Currency` (or `EUR Spot Price at
 * Transaction`, `EUR Subtotal`, …); 2025 files append `Sender Address,Recipient Address`. The Coinbase
 * Pro account statement is read by coinbase-pro.ts.
 */
import { type CsvRecord, type CsvTable, columnIndex } from "../csv-table.ts";
import { absolute, exchangeNumber, isNegative } from "../decimal-text.ts";
import type { ExportFormat, ReadRows } from "../export-format.ts";
import { offsetTime, utcTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";
import { isCoinbaseProHeader, readCoinbasePro } from "./coinbase-pro.ts";

/** The kind of each `Transaction Type` (lower case); anything else is refused with its word. */
const KINDS: Record<string, ImportKind> = {
  buy: "trade",
  sell: "trade",
  convert: "trade",
  "advanced trade buy": "trade",
  "advanced trade sell": "trade",
  receive: "deposit",
  deposit: "deposit",
  send: "withdrawal",
  withdrawal: "withdrawal",
  "staking income": "reward",
  "rewards income": "reward",
  "learning reward": "reward",
  "inflation reward": "reward",
  "coinbase earn": "reward",
  "exchange deposit": "other",
  "pro deposit": "other",
  "exchange withdrawal": "other",
  "pro withdrawal": "other",
};
/** Internal moves to Coinbase Pro / Exchange leave the account; the way back comes in. */
const OTHER_OUT = new Set(["exchange deposit", "pro deposit"]);

interface Columns {
  id: number;
  time: number;
  type: number;
  asset: number;
  quantity: number;
  /** Column naming the fiat, or -1 when the fiat is in the column names (`EUR Subtotal`). */
  currency: number;
  /** The fiat from the column names of the oldest layout. */
  namedCurrency?: string;
  subtotal: number;
  total: number;
  fees: number;
  notes: number;
  sender: number;
  recipient: number;
}

/** The first column whose name matches, and the currency code the name carries (`EUR Fees`). */
function columnMatching(header: readonly string[], pattern: RegExp): { index: number; currency?: string } {
  const index = header.findIndex((h) => pattern.test(h));
  const currency = index >= 0 ? header[index]?.match(/^([A-Z]{3}) /)?.[1] : undefined;
  return currency ? { index, currency } : { index };
}

function columnsOf(header: readonly string[]): Columns | undefined {
  const named = (name: string) => columnIndex(header, name);
  const currencyColumn = named("Price Currency") >= 0 ? named("Price Currency") : named("Spot Price Currency");
  const spot = columnMatching(header, /^[A-Z]{3} Spot Price at Transaction$/);
  const columns: Columns = {
    id: named("ID"),
    time: named("Timestamp"),
    type: named("Transaction Type"),
    asset: named("Asset"),
    quantity: named("Quantity Transacted"),
    currency: currencyColumn,
    subtotal: columnMatching(header, /^([A-Z]{3} )?Subtotal$/).index,
    total: columnMatching(header, /^([A-Z]{3} )?Total \(inclusive of fees.*\)$/).index,
    fees: columnMatching(header, /^([A-Z]{3} )?Fees( and\/or Spread)?$/).index,
    notes: named("Notes"),
    sender: named("Sender Address"),
    recipient: named("Recipient Address"),
  };
  if (currencyColumn < 0 && spot.currency) columns.namedCurrency = spot.currency;
  const needed = [columns.time, columns.type, columns.asset, columns.quantity, columns.subtotal, columns.total];
  const hasCurrency = columns.currency >= 0 || columns.namedCurrency !== undefined;
  return needed.every((i) => i >= 0) && hasCurrency ? columns : undefined;
}

/** `2025-01-17 16:57:02 UTC`, or the older `2021-04-01T12:00:00Z`. */
function timeOf(text: string): string | undefined {
  return /[+-]\d{2}:?\d{2}$|Z$/.test(text) ? offsetTime(text) : utcTime(text);
}

/** `1,234.5` (a thousands separator in Notes) as an exact decimal. */
function notesNumber(text: string): string | undefined {
  const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, "") : text;
  const amount = exchangeNumber(plain);
  return amount === undefined ? undefined : absolute(amount);
}

/** The received leg of a Convert ("Converted 0.1 BTC to 156.1 XRP") or the counter leg of an Advanced Trade. */
function notesLeg(notes: string, type: string): ImportedLeg | undefined {
  const pattern =
    type === "convert"
      ? /^Converted\s+[\d.,]+\s+\S+\s+to\s+([\d.,]+)\s+(\S+)/i
      : /^(?:Bought|Sold)\s+[\d.,]+\s+\S+\s+for\s+[€$£]?([\d.,]+)\s+([A-Za-z0-9]+)/i;
  const m = notes.trim().match(pattern);
  const amount = m && notesNumber(m[1] as string);
  return amount ? { asset: m[2] as string, amount } : undefined;
}

type Cell = (i: number) => string;

/** An optional money cell as a positive leg in the row's fiat; "bad" when it is not a number. */
function fiatLeg(cell: Cell, i: number, currency: string): ImportedLeg | undefined | "bad" {
  const text = cell(i);
  if (i < 0 || text === "") return undefined;
  const amount = exchangeNumber(text);
  return amount === undefined ? "bad" : { asset: currency, amount: absolute(amount) };
}

interface Parsed {
  line: number;
  id: string;
  time: string;
  type: string;
  operation: string;
  kind: ImportKind;
  quantity: ImportedLeg;
  negative: boolean;
  currency: string;
  subtotal?: ImportedLeg;
  total?: ImportedLeg;
  fee?: ImportedLeg;
  notes: string;
}

/** A record's cells checked and read, or why it cannot be. */
function parse(record: CsvRecord, c: Columns): Parsed | RefusedLine {
  const { line, cells } = record;
  const cell: Cell = (i) => (i < 0 ? "" : (cells[i] ?? ""));
  if (cells.length <= Math.max(c.time, c.type, c.asset, c.quantity, c.subtotal, c.total))
    return { line, problem: "short-line" };
  const timeText = cell(c.time);
  if (timeText === "") return { line, problem: "missing-time" };
  const time = timeOf(timeText);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  const operation = cell(c.type);
  const type = operation.toLowerCase();
  const kind = KINDS[type];
  if (kind === undefined) return { line, problem: "unknown-operation", detail: operation };
  const currency = c.namedCurrency ?? cell(c.currency);
  for (const [name, text] of [
    ["Asset", cell(c.asset)],
    ["Price Currency", currency],
  ] as const)
    if (text === "") return { line, problem: "missing-field", detail: name };
  const quantity = exchangeNumber(cell(c.quantity));
  if (quantity === undefined) return { line, problem: "bad-number", detail: cell(c.quantity) };
  const money = [c.subtotal, c.total, c.fees].map((i) => fiatLeg(cell, i, currency));
  const bad = money.indexOf("bad");
  if (bad >= 0) return { line, problem: "bad-number", detail: cell([c.subtotal, c.total, c.fees][bad] as number) };
  const [subtotal, total, fee] = money as (ImportedLeg | undefined)[];
  return {
    line,
    id: cell(c.id),
    time,
    type,
    operation,
    kind,
    quantity: { asset: cell(c.asset), amount: absolute(quantity) },
    negative: isNegative(quantity),
    currency,
    subtotal,
    total,
    fee,
    notes: cell(c.notes),
  };
}

/**
 * The trade's legs and whether the fee column is a fee of its own. A Convert's received side is in
 * Notes. An Advanced Trade on a crypto market ("Bought 0.004 BTC for 446.75 USDC on BTC-USDC") paid
 * the Notes amount, fee included, in that coin; the fee column only values it in the fiat, so it is no
 * leg. On a fiat market, or with Notes that name no counter side, it reads like a Buy or Sell.
 */
function tradeLegs(p: Parsed): { legs: Pick<ImportedRow, "in" | "out">; feeLeg: boolean } | RefusedLine {
  const selling = p.type.endsWith("sell");
  if (p.type === "convert") {
    const received = notesLeg(p.notes, p.type);
    if (!received) return { line: p.line, problem: "missing-field", detail: "Notes" };
    return { legs: { out: p.quantity, in: received }, feeLeg: true };
  }
  const counter = p.type.startsWith("advanced trade") ? notesLeg(p.notes, p.type) : undefined;
  if (counter && counter.asset !== p.currency) {
    const legs = selling ? { out: p.quantity, in: counter } : { in: p.quantity, out: counter };
    return { legs, feeLeg: false };
  }
  const fiat = selling ? p.total : p.subtotal;
  if (!fiat) return { line: p.line, problem: "missing-field", detail: selling ? "Total" : "Subtotal" };
  return { legs: selling ? { out: p.quantity, in: fiat } : { in: p.quantity, out: fiat }, feeLeg: true };
}

/** The legs of a row that moves one asset: in for deposits and rewards, out for withdrawals. */
function singleLegs(p: Parsed): Pick<ImportedRow, "in" | "out"> {
  const out = p.kind === "withdrawal" || OTHER_OUT.has(p.type);
  return out ? { out: p.quantity } : { in: p.quantity };
}

function rowOf(p: Parsed, addresses: { sender: string; recipient: string }): ImportedRow | RefusedLine {
  const trade = p.kind === "trade" ? tradeLegs(p) : { legs: singleLegs(p), feeLeg: true };
  if ("problem" in trade) return trade;
  const row: ImportedRow = {
    line: p.line,
    time: p.time,
    kind: p.kind,
    operation: p.operation,
    ...trade.legs,
    fees: [],
  };
  if (trade.feeLeg && p.fee && p.fee.amount !== "0") row.fees.push(p.fee);
  if (p.subtotal) row.fiatValue = p.subtotal;
  if (p.id) row.externalId = p.id;
  const address = p.kind === "withdrawal" ? addresses.recipient : p.kind === "deposit" ? addresses.sender : "";
  if (address) row.address = address;
  if (p.notes) row.note = p.notes;
  return row;
}

function readTransactions(table: CsvTable, c: Columns): ReadRows {
  const rows: ImportedRow[] = [];
  const refused: RefusedLine[] = [];
  const skippedTimes: string[] = [];
  const byId = new Map<string, ImportedRow>();
  for (const record of table.records) {
    const parsed = parse(record, c);
    if ("problem" in parsed) {
      refused.push(parsed);
      continue;
    }
    const first = parsed.id ? byId.get(parsed.id) : undefined;
    if (first) {
      skippedTimes.push(parsed.time);
      const repeat = `line ${parsed.line} repeats this ID (in ${parsed.currency}): read once`;
      first.note = first.note ? `${first.note}; ${repeat}` : repeat;
      continue;
    }
    const at = (i: number) => (i < 0 ? "" : (record.cells[i] ?? ""));
    const row = rowOf(parsed, { sender: at(c.sender), recipient: at(c.recipient) });
    if ("problem" in row) refused.push(row);
    else {
      rows.push(row);
      if (parsed.id) byId.set(parsed.id, row);
    }
  }
  return { rows, refused, skippedTimes };
}

export const coinbaseFormat: ExportFormat = {
  id: "coinbase",
  name: "Coinbase",
  isHeader: (header) => columnsOf(header) !== undefined || isCoinbaseProHeader(header),
  read: (table) => {
    const columns = columnsOf(table.header);
    return columns ? readTransactions(table, columns) : readCoinbasePro(table);
  },
};
