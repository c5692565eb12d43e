/**
 * Bitpanda, History > Export CSV (`bitpanda-trades-….csv`); docs/product/imports.md.
 * Quirks: a six-line preamble (disclaimer, name, e-mail, account opening, venue) before the header;
 * LF or CRLF line ends; `Timestamp` ISO 8601 with the Vienna offset; `-` for an empty value.
 * `buy`/`sell` are trades whatever the `Asset class` (crypto, stocks, ETFs, metals; the class goes in
 * the note): the asset against `Amount Fiat` in `Fiat`, which already includes the `Spread` (named in
 * the note, not a fee). Fiat deposits and withdrawals move `Amount Fiat` (`Amount Asset` is `-`),
 * crypto ones `Amount Asset`; `Fee` is a leg in `Fee asset`. An incoming `transfer` (a BEST or staking
 * credit, `Amount Fiat` 0.00) is a reward, an outgoing one an internal move. The later columns
 * `Tax Fiat` and `Fee percent` are ignored. A fiat code that is not three letters (a line cut in its
 * last cell) refuses the line.
 */
import { type CsvRecord, type CsvTable, cellsByName } from "../csv-table.ts";
import { absolute, exchangeNumber } from "../decimal-text.ts";
import { type ExportFormat, hasColumns, type ReadRows, rowPerRecord } from "../export-format.ts";
import { offsetTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const COLUMNS = [
  "Transaction ID",
  "Timestamp",
  "Transaction Type",
  "In/Out",
  "Amount Fiat",
  "Fiat",
  "Amount Asset",
  "Asset",
  "Asset class",
];
const KINDS: Record<string, ImportKind> = {
  buy: "trade",
  sell: "trade",
  deposit: "deposit",
  withdrawal: "withdrawal",
};
const FIAT_CODE = /^[A-Z]{3}$/;

type Cell = (name: string) => string;

/** A cell that may be `-`: empty, a positive exact amount, or "bad". */
function amountOf(text: string): string | undefined | "bad" {
  if (text === "" || text === "-") return undefined;
  const amount = exchangeNumber(text);
  return amount === undefined ? "bad" : absolute(amount);
}

interface Amounts {
  fiat?: string;
  asset?: string;
  fee?: string;
  spread?: string;
}

/** The four amount cells read, or the line refused at the first bad one. */
function amountsOf(cell: Cell, line: number): Amounts | RefusedLine {
  const names = { fiat: "Amount Fiat", asset: "Amount Asset", fee: "Fee", spread: "Spread" } as const;
  const amounts: Amounts = {};
  for (const [key, name] of Object.entries(names) as [keyof Amounts, string][]) {
    const amount = amountOf(cell(name));
    if (amount === "bad") return { line, problem: "bad-number", detail: cell(name) };
    if (amount !== undefined) amounts[key] = amount;
  }
  return amounts;
}

function kindOf(type: string, direction: string): ImportKind | undefined {
  if (type !== "transfer") return KINDS[type];
  if (direction === "incoming") return "reward";
  return direction === "outgoing" ? "other" : undefined;
}

/** The fiat cells must be currency codes (a cut line ends in `EU`). */
function badFiatCode(cell: Cell, a: Amounts): string | undefined {
  const fields = ["Fiat", ...(a.spread !== undefined ? ["Spread Currency"] : [])];
  return fields.find((name) => !FIAT_CODE.test(cell(name)));
}

/** The moved legs: the asset (or the fiat for fiat rows) and, for trades, the fiat against it. */
function legsOf(kind: ImportKind, direction: string, cell: Cell, a: Amounts): Pick<ImportedRow, "in" | "out"> | string {
  const fiatRow = cell("Asset class").toLowerCase() === "fiat" || a.asset === undefined;
  const fiat = a.fiat === undefined ? undefined : { asset: cell("Fiat"), amount: a.fiat };
  const asset = fiatRow ? fiat : { asset: cell("Asset"), amount: a.asset as string };
  if (!asset) return fiatRow ? "Amount Fiat" : "Amount Asset";
  if (kind === "trade") {
    if (!fiat || fiatRow) return "Amount Fiat";
    return cell("Transaction Type").toLowerCase() === "buy" ? { in: asset, out: fiat } : { in: fiat, out: asset };
  }
  const incoming = kind === "deposit" || kind === "reward" || (kind === "other" && direction === "incoming");
  return incoming ? { in: asset } : { out: asset };
}

function noteOf(cell: Cell, a: Amounts): string | undefined {
  const assetClass = cell("Asset class");
  const parts = /^(fiat|cryptocurrency)$/i.test(assetClass) || assetClass === "" ? [] : [assetClass];
  if (a.spread !== undefined && a.spread !== "0")
    parts.push(`spread ${a.spread} ${cell("Spread Currency")} included in the price`);
  return parts.length > 0 ? parts.join("; ") : undefined;
}

function rowOf(record: CsvRecord, header: readonly string[]): ImportedRow | RefusedLine {
  const { line } = record;
  const cell: Cell = (name) => cellsByName(header, record)(name) ?? "";
  if (record.cells.length < COLUMNS.length) return { line, problem: "short-line" };
  const timeText = cell("Timestamp");
  if (timeText === "") return { line, problem: "missing-time" };
  const time = offsetTime(timeText);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  const operation = cell("Transaction Type");
  const direction = cell("In/Out").toLowerCase();
  const kind = kindOf(operation.toLowerCase(), direction);
  if (kind === undefined) return { line, problem: "unknown-operation", detail: `${operation} ${direction}`.trim() };
  const amounts = amountsOf(cell, line);
  if ("problem" in amounts) return amounts;
  const badCode = badFiatCode(cell, amounts);
  if (badCode) return { line, problem: "missing-field", detail: badCode };
  const legs = legsOf(kind, direction, cell, amounts);
  if (typeof legs === "string") return { line, problem: "missing-field", detail: legs };
  const row: ImportedRow = { line, time, kind, operation, ...legs, fees: [] };
  if (amounts.fee !== undefined && amounts.fee !== "0") {
    if (cell("Fee asset") === "" || cell("Fee asset") === "-")
      return { line, problem: "missing-field", detail: "Fee asset" };
    row.fees.push({ asset: cell("Fee asset"), amount: amounts.fee });
  }
  const worth: ImportedLeg | undefined =
    kind !== "trade" &&
    amounts.fiat &&
    amounts.fiat !== "0" &&
    row.in?.asset !== cell("Fiat") &&
    row.out?.asset !== cell("Fiat")
      ? { asset: cell("Fiat"), amount: amounts.fiat }
      : undefined;
  if (worth) row.fiatValue = worth;
  if (cell("Transaction ID")) row.externalId = cell("Transaction ID");
  const note = noteOf(cell, amounts);
  if (note) row.note = note;
  return row;
}

function read(table: CsvTable): ReadRows {
  return rowPerRecord(table.records, (record) => rowOf(record, table.header));
}

export const bitpandaFormat: ExportFormat = {
  id: "bitpanda",
  name: "Bitpanda",
  isHeader: hasColumns(COLUMNS),
  read,
};
