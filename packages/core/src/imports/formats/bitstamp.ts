/**
 * Bitstamp, Transaction history CSV (`Type,Datetime,Account,Amount,Value,Rate,Fee,Sub Type`);
 * docs/product/imports.md. Quirks: `Datetime` is `"Jan. 28, 2022, 12:13 AM"` (abbreviated month with a
 * dot, 12-hour clock), UTC though no zone is written; every money cell holds number and currency
 * (`2.00000000 ETH`, `10.87005 EUR`). `Type` `Market` is a trade whose `Sub Type` (`Buy`/`Sell`) says
 * the direction: `Amount` is the coin, `Value` the counter currency, `Fee` charged on top.
 * `Deposit`/`Withdrawal` move `Amount`; `Sub Account Transfer` is an internal move. Other types are
 * refused with their word.
 */
import { type CsvRecord, type CsvTable, cellsByName } from "../csv-table.ts";
import { absolute, cellCurrency, exchangeNumber } from "../decimal-text.ts";
import { type ExportFormat, hasColumns, type ReadRows, rowPerRecord } from "../export-format.ts";
import { utcTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const COLUMNS = ["Type", "Datetime", "Account", "Amount", "Value", "Rate", "Fee", "Sub Type"];
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const KINDS: Record<string, ImportKind> = {
  market: "trade",
  deposit: "deposit",
  withdrawal: "withdrawal",
  "sub account transfer": "other",
};

/** `Jan. 28, 2022, 12:13 AM` (also `May 3, 2022, 9:05 PM`, `Sept. 1, …`) read as UTC. */
export function bitstampTime(text: string): string | undefined {
  const m = text
    .trim()
    .match(/^([A-Za-z]{3,9})\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AaPp])\.?[Mm]\.?$/);
  if (!m) return undefined;
  const [, monthName, day, year, hour12, minute, second, half] = m as unknown as string[];
  const month = MONTHS.indexOf((monthName as string).slice(0, 3).toLowerCase()) + 1;
  const h = Number(hour12);
  if (month === 0 || h < 1 || h > 12) return undefined;
  const hour = (h % 12) + ((half as string).toLowerCase() === "p" ? 12 : 0);
  const pad = (n: number | string) => String(n).padStart(2, "0");
  return utcTime(`${year}-${pad(month)}-${pad(day as string)} ${pad(hour)}:${minute}:${second ?? "00"}`);
}

/** A `2.00000000 ETH` cell as a leg; undefined when empty; "bad" when it is not a number with a currency. */
function legOf(cell: string | undefined): ImportedLeg | undefined | "bad" {
  if (!cell) return undefined;
  const amount = exchangeNumber(cell);
  const asset = cellCurrency(cell);
  return amount === undefined || asset === undefined ? "bad" : { asset, amount: absolute(amount) };
}

function legsOf(cell: (name: string) => string | undefined, line: number) {
  const legs: Record<string, ImportedLeg | undefined> = {};
  for (const name of ["Amount", "Value", "Fee"]) {
    const leg = legOf(cell(name));
    if (leg === "bad") return { line, problem: "bad-number", detail: cell(name) } as RefusedLine;
    legs[name] = leg;
  }
  return legs;
}

function rowOf(record: CsvRecord, header: readonly string[]): ImportedRow | RefusedLine {
  const { line } = record;
  const cell = cellsByName(header, record);
  if (record.cells.length < header.length - 1) return { line, problem: "short-line" };
  const timeText = cell("Datetime") ?? "";
  if (timeText === "") return { line, problem: "missing-time" };
  const time = bitstampTime(timeText);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  const type = cell("Type") ?? "";
  const subType = cell("Sub Type") ?? "";
  const kind = KINDS[type.toLowerCase()];
  if (kind === undefined || (kind === "trade" && !/^(buy|sell)$/i.test(subType)))
    return { line, problem: "unknown-operation", detail: kind === undefined ? type : `${type} ${subType}` };
  const legs = legsOf(cell, line);
  if ("problem" in legs) return legs as RefusedLine;
  const { Amount: amount, Value: value, Fee: fee } = legs;
  if (amount === undefined || (kind === "trade" && value === undefined))
    return { line, problem: "missing-field", detail: amount === undefined ? "Amount" : "Value" };
  const row: ImportedRow = { line, time, kind, operation: subType ? `${type} ${subType}` : type, fees: [] };
  if (fee && fee.amount !== "0") row.fees.push(fee);
  if (kind === "trade") {
    const buy = subType.toLowerCase() === "buy";
    row.in = buy ? amount : value;
    row.out = buy ? value : amount;
  } else if (kind === "deposit" || (kind === "other" && !isOutgoing(cell("Amount")))) row.in = amount;
  else row.out = amount;
  return row;
}

const isOutgoing = (cell: string | undefined) => (cell ?? "").trim().startsWith("-");

function read(table: CsvTable): ReadRows {
  return rowPerRecord(table.records, (record) => rowOf(record, table.header));
}

export const bitstampFormat: ExportFormat = {
  id: "bitstamp",
  name: "Bitstamp",
  isHeader: hasColumns(COLUMNS),
  read,
};
