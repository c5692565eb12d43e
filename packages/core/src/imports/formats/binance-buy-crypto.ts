/**
 * Binance, Orders > Buy Crypto history (card purchases); docs/product/imports.md. Read by the Binance
 * format. Quirks: `Date(UTC)` is UTC; `Amount` (`500.00 CAD`) is what the card paid, fee included;
 * `Fees` in the same currency; `Final Amount` (`374.69991101 USDT`) is what arrived; `Price` is a pair
 * text (`1.30771315 USDT/CAD`), not needed. Only `Completed` purchases moved money: the others
 * (failed, pending, refunded) are skipped, their times kept for the file's range.
 */
import { type CsvRecord, type CsvTable, cellsByName, columnIndex } from "../csv-table.ts";
import { cellCurrency, exchangeNumber, sumOf } from "../decimal-text.ts";
import type { ReadRows } from "../export-format.ts";
import { utcTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, RefusedLine } from "../imported-row.ts";

const COLUMNS = ["Date(UTC)", "Method", "Amount", "Fees", "Final Amount", "Status"];

export function isBuyCryptoHeader(header: readonly string[]): boolean {
  return COLUMNS.every((name) => columnIndex(header, name) >= 0);
}

/** A `500.00 CAD` cell as a leg, or undefined. */
function legOf(cell: string | undefined): ImportedLeg | undefined {
  const amount = exchangeNumber(cell);
  const asset = cellCurrency(cell);
  return amount === undefined || asset === undefined ? undefined : { asset, amount };
}

function purchaseOf(record: CsvRecord, header: readonly string[]): ImportedRow | RefusedLine | "skip" {
  const { line } = record;
  const cell = cellsByName(header, record);
  if (record.cells.length < header.length - 1) return { line, problem: "short-line" };
  const timeText = cell("Date(UTC)") ?? "";
  if (timeText === "") return { line, problem: "missing-time" };
  const time = utcTime(timeText);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  if ((cell("Status") ?? "").toLowerCase() !== "completed") return "skip";
  const paid = legOf(cell("Amount"));
  const got = legOf(cell("Final Amount"));
  const fee = cell("Fees") ? legOf(cell("Fees")) : { asset: paid?.asset ?? "", amount: "0" };
  for (const [name, leg] of [
    ["Amount", paid],
    ["Final Amount", got],
    ["Fees", fee],
  ] as const)
    if (leg === undefined) return { line, problem: "bad-number", detail: cell(name) };
  return purchaseRow(line, time, cell, paid as ImportedLeg, got as ImportedLeg, fee as ImportedLeg);
}

/** The card payment without the fee is the out leg; the fee its own leg (their sum is what was charged). */
function purchaseRow(
  line: number,
  time: string,
  cell: (name: string) => string | undefined,
  paid: ImportedLeg,
  got: ImportedLeg,
  fee: ImportedLeg,
): ImportedRow {
  const hasFee = fee.amount !== "0";
  const sameAsset = fee.asset === paid.asset;
  const out = hasFee && sameAsset ? { asset: paid.asset, amount: sumOf([paid.amount, `-${fee.amount}`]) } : paid;
  const row: ImportedRow = {
    line,
    time,
    kind: "trade",
    operation: cell("Method") || "Buy Crypto",
    out,
    in: got,
    fees: hasFee ? [fee] : [],
  };
  const id = cell("Transaction ID");
  if (id) row.externalId = id;
  return row;
}

export function readBuyCrypto(table: CsvTable): ReadRows {
  const rows: ImportedRow[] = [];
  const refused: RefusedLine[] = [];
  const skippedTimes: string[] = [];
  for (const record of table.records) {
    const read = purchaseOf(record, table.header);
    if (read === "skip") {
      const time = utcTime(record.cells[columnIndex(table.header, "Date(UTC)")] ?? "");
      if (time) skippedTimes.push(time);
    } else if ("problem" in read) refused.push(read);
    else rows.push(read);
  }
  return { rows, refused, skippedTimes };
}
