/**
 * Blockpit, transaction export (docs/product/imports.md).
 * Header `Blockpit ID;Timestamp;Source Type;Source Name;Integration;Transaction Type;Outgoing Asset;
 * Outgoing Amount;Incoming Asset;Incoming Amount;Fee Asset;Fee Amount;Transaction ID;Note;Merge ID`,
 * `;`-delimited. `Timestamp` is `DD.MM.YYYY HH:MM` without a zone: kept as written. A file that went
 * through a German Excel has its long ids turned into `1,55444E+13` (exponent with a decimal comma):
 * such an id is lost and not unique, so it is not taken as the row's id. Outgoing, incoming and fee
 * sides each have their asset and amount; the amounts keep their decimal point.
 */
import type { CsvRecord, CsvTable } from "../csv-table.ts";
import { cellsByName } from "../csv-table.ts";
import { absolute, exchangeNumber } from "../decimal-text.ts";
import { type ExportFormat, type ReadRows, rowPerRecord } from "../export-format.ts";
import { unzonedTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const REQUIRED = [
  "Blockpit ID",
  "Timestamp",
  "Transaction Type",
  "Outgoing Asset",
  "Outgoing Amount",
  "Incoming Asset",
  "Incoming Amount",
  "Fee Asset",
  "Fee Amount",
];

/** Blockpit's transaction types and what they count as. */
const KINDS: Record<string, ImportKind> = {
  Trade: "trade",
  Deposit: "deposit",
  NonTaxableIn: "deposit",
  Withdrawal: "withdrawal",
  NonTaxableOut: "withdrawal",
  Staking: "reward",
  Lending: "reward",
  Bounties: "reward",
  Gift: "other",
  Fee: "other",
  Margin_trading_profit: "other",
  Margin_trading_loss: "other",
};

/** An id a spreadsheet turned into a number with an exponent (`1,55444E+13`, `1.5595E+14`): no id any more. */
const MANGLED_ID = /^\d+([.,]\d+)?E\+?\d+$/i;

type LegResult = { leg?: ImportedLeg } | { refused: RefusedLine };

function legOf(line: number, asset: string | undefined, amountText: string | undefined, column: string): LegResult {
  if (!amountText) return {};
  const amount = exchangeNumber(amountText);
  if (amount === undefined) return { refused: { line, problem: "bad-number", detail: amountText } };
  if (!asset) return { refused: { line, problem: "missing-field", detail: column } };
  return { leg: { asset, amount: absolute(amount) } };
}

function rowOf(header: readonly string[], record: CsvRecord): ImportedRow | RefusedLine {
  const cell = cellsByName(header, record);
  const line = record.line;
  if (record.cells.length < header.length) return { line, problem: "short-line" };
  const stamp = cell("Timestamp");
  if (!stamp) return { line, problem: "missing-time" };
  const time = unzonedTime(stamp);
  if (!time) return { line, problem: "bad-time", detail: stamp };
  const type = cell("Transaction Type") ?? "";
  const kind = KINDS[type];
  if (!kind) return { line, problem: "unknown-operation", detail: type };
  const sides = [
    legOf(line, cell("Outgoing Asset"), cell("Outgoing Amount"), "Outgoing Asset"),
    legOf(line, cell("Incoming Asset"), cell("Incoming Amount"), "Incoming Asset"),
    legOf(line, cell("Fee Asset"), cell("Fee Amount"), "Fee Asset"),
  ] as const;
  for (const side of sides) if ("refused" in side) return side.refused;
  const [out, into, fee] = sides.map((s) => ("leg" in s ? s.leg : undefined));
  const row: ImportedRow = { line, time, kind, operation: type, fees: fee ? [fee] : [] };
  if (out) row.out = out;
  if (into) row.in = into;
  addIds(row, cell);
  return row;
}

/** The Blockpit id (unless Excel mangled it), the on-chain hash of a chain source, the source and note. */
function addIds(row: ImportedRow, cell: (name: string) => string | undefined): void {
  const id = cell("Blockpit ID");
  if (id && !MANGLED_ID.test(id)) row.externalId = id;
  const txId = cell("Transaction ID");
  if (txId && cell("Source Type") === "Chain") {
    row.txHash = txId;
    const chain = cell("Source Name");
    if (chain) row.network = chain;
  }
  const note = [
    cell("Integration"),
    txId && cell("Source Type") !== "Chain" ? `Transaction ID ${txId}` : "",
    cell("Note"),
  ]
    .filter(Boolean)
    .join("; ");
  if (note) row.note = note;
}

function read(table: CsvTable): ReadRows {
  return rowPerRecord(table.records, (record) => rowOf(table.header, record));
}

export const blockpitFormat: ExportFormat = {
  id: "blockpit",
  name: "Blockpit",
  isHeader: (header) => REQUIRED.every((name) => header.includes(name)),
  read,
};
