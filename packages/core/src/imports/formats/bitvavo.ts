/**
 * Bitvavo, transaction history export; docs/product/imports.md.
 * Quirks: local time in the zone the `Timezone` column names (`Europe/Amsterdam`, summer and winter
 * time) with `Date` and `Time` in separate columns, the time sometimes with milliseconds; `Amount` is
 * signed in `Currency`, `Received / Paid Amount` signed in the quote (`-10.00` EUR for a buy); float
 * artefacts (`-0.010713949999999999`) are kept digit for digit. `buy`/`sell` are trades, `staking` a
 * reward; the fee is a leg in `Fee currency` (EUR for trades, the coin for withdrawals; staking rows
 * name a fee currency without an amount). `Address` is the on-chain address of a crypto deposit or
 * withdrawal; a masked bank account (`NL12***34`) goes in the note. Rows whose `Status` says they did
 * not happen (canceled, failed) are skipped, their times kept for the file's range.
 */
import { type CsvRecord, type CsvTable, cellsByName, columnIndex } from "../csv-table.ts";
import { absolute, exchangeNumber } from "../decimal-text.ts";
import { type ExportFormat, hasColumns, type ReadRows } from "../export-format.ts";
import { zonedTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const COLUMNS = ["Timezone", "Date", "Time", "Type", "Currency", "Amount", "Received / Paid Amount", "Status"];
const KINDS: Record<string, ImportKind> = {
  buy: "trade",
  sell: "trade",
  deposit: "deposit",
  withdrawal: "withdrawal",
  staking: "reward",
};
const NOT_DONE = new Set(["canceled", "cancelled", "failed", "rejected"]);
/** A bank account (IBAN, possibly masked) rather than an on-chain address. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9*]/;

type Cell = (name: string) => string;

/** An optional amount cell as a positive leg; "bad" when it is not a number. */
function legOf(cell: Cell, amountName: string, asset: string): ImportedLeg | undefined | "bad" {
  const text = cell(amountName);
  if (text === "") return undefined;
  const amount = exchangeNumber(text);
  return amount === undefined ? "bad" : { asset, amount: absolute(amount) };
}

interface Legs {
  amount: ImportedLeg;
  quote?: ImportedLeg;
  fee?: ImportedLeg;
}

function legsOf(cell: Cell, line: number): Legs | RefusedLine {
  if (cell("Currency") === "") return { line, problem: "missing-field", detail: "Currency" };
  const cells = [
    ["Amount", cell("Currency")],
    ["Received / Paid Amount", cell("Received / Paid Currency")],
    ["Fee amount", cell("Fee currency")],
  ] as const;
  const legs = cells.map(([name, asset]) => legOf(cell, name, asset));
  const bad = legs.indexOf("bad");
  if (bad >= 0) return { line, problem: "bad-number", detail: cell(cells[bad]?.[0] as string) };
  const [amount, quote, fee] = legs as (ImportedLeg | undefined)[];
  if (!amount) return { line, problem: "missing-field", detail: "Amount" };
  return { amount, quote, fee };
}

function moved(
  kind: ImportKind,
  operation: string,
  legs: Legs,
  line: number,
): Pick<ImportedRow, "in" | "out"> | RefusedLine {
  if (kind !== "trade") return kind === "withdrawal" ? { out: legs.amount } : { in: legs.amount };
  if (!legs.quote?.asset) return { line, problem: "missing-field", detail: "Received / Paid Amount" };
  return operation === "buy" ? { in: legs.amount, out: legs.quote } : { in: legs.quote, out: legs.amount };
}

function rowOf(record: CsvRecord, header: readonly string[]): ImportedRow | RefusedLine {
  const { line } = record;
  const cell: Cell = (name) => cellsByName(header, record)(name) ?? "";
  if (record.cells.length < header.length - 1) return { line, problem: "short-line" };
  if (cell("Date") === "" || cell("Time") === "") return { line, problem: "missing-time" };
  const timeText = `${cell("Date")} ${cell("Time")}`;
  const time = zonedTime(timeText, cell("Timezone"));
  if (time === undefined) return { line, problem: "bad-time", detail: `${timeText} ${cell("Timezone")}`.trim() };
  const operation = cell("Type");
  const kind = KINDS[operation.toLowerCase()];
  if (kind === undefined) return { line, problem: "unknown-operation", detail: operation };
  const legs = legsOf(cell, line);
  if ("problem" in legs) return legs;
  const sides = moved(kind, operation.toLowerCase(), legs, line);
  if ("problem" in sides) return sides;
  const row: ImportedRow = { line, time, kind, operation, ...sides, fees: [] };
  if (legs.fee && legs.fee.amount !== "0") {
    if (legs.fee.asset === "") return { line, problem: "missing-field", detail: "Fee currency" };
    row.fees.push(legs.fee);
  }
  if (cell("Transaction ID")) row.externalId = cell("Transaction ID");
  const address = cell("Address");
  if (address && IBAN.test(address)) row.note = `bank account ${address}`;
  else if (address) row.address = address;
  return row;
}

function read(table: CsvTable): ReadRows {
  const rows: ImportedRow[] = [];
  const refused: RefusedLine[] = [];
  const skippedTimes: string[] = [];
  const status = columnIndex(table.header, "Status");
  for (const record of table.records) {
    const row = rowOf(record, table.header);
    if ("problem" in row) refused.push(row);
    else if (NOT_DONE.has((record.cells[status] ?? "").toLowerCase())) skippedTimes.push(row.time);
    else rows.push(row);
  }
  return { rows, refused, skippedTimes };
}

export const bitvavoFormat: ExportFormat = {
  id: "bitvavo",
  name: "Bitvavo",
  isHeader: hasColumns(COLUMNS),
  read,
};
