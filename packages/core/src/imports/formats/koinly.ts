/**
 * Koinly universal import format (docs/product/imports.md): the CSV a user or a converter writes for
 * Koinly, `Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,
 * Net Worth Amount,Net Worth Currency,Label,Description,TxHash` (columns read by name; `Koinly Date` and
 * `Date (UTC)` accepted for the first). Times are UTC (`YYYY-MM-DD HH:MM[:SS]`, optionally ` UTC`).
 * A row with both sides is a trade, with only the received side a deposit, only the sent side a
 * withdrawal, unless its `Label` (a Koinly tag: staking, reward, airdrop, gift, lost, cost …) says it is a
 * reward or something else; an unknown label is refused. Koinly's own transaction report (it has a
 * `Type` column) is a different file and not read as this one.
 */
import type { CsvRecord, CsvTable } from "../csv-table.ts";
import { cellsByName, columnIndex } from "../csv-table.ts";
import { absolute, exchangeNumber } from "../decimal-text.ts";
import { type ExportFormat, type ReadRows, rowPerRecord } from "../export-format.ts";
import { utcTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const DATE_COLUMNS = ["Date", "Koinly Date", "Date (UTC)"];
const REQUIRED = ["Sent Amount", "Sent Currency", "Received Amount", "Received Currency"];

/** Koinly's tags (lower case) that make a row a reward or other than a plain transfer or trade. */
const LABELS: Record<string, ImportKind> = {
  airdrop: "reward",
  fork: "reward",
  mining: "reward",
  reward: "reward",
  income: "reward",
  staking: "reward",
  "lending interest": "reward",
  cashback: "reward",
  swap: "trade",
  gift: "other",
  lost: "other",
  stolen: "other",
  cost: "other",
  donation: "other",
  "other income": "other",
  salary: "other",
  "fee refund": "other",
  "interest payment": "other",
  "loan interest": "other",
  "margin fee": "other",
  "realized gain": "other",
  "liquidity in": "other",
  "liquidity out": "other",
};

type LegResult = { leg?: ImportedLeg } | { refused: RefusedLine };

function legOf(line: number, amountText: string | undefined, asset: string | undefined, column: string): LegResult {
  if (!amountText) return {};
  const amount = exchangeNumber(amountText);
  if (amount === undefined) return { refused: { line, problem: "bad-number", detail: amountText } };
  if (!asset) return { refused: { line, problem: "missing-field", detail: column } };
  return { leg: { asset, amount: absolute(amount) } };
}

function kindOf(label: string, sent?: ImportedLeg, received?: ImportedLeg): ImportKind | undefined {
  if (label) return LABELS[label.toLowerCase()];
  if (sent && received) return "trade";
  if (received) return "deposit";
  if (sent) return "withdrawal";
  return undefined;
}

function rowOf(header: readonly string[], dateName: string, record: CsvRecord): ImportedRow | RefusedLine {
  const cell = cellsByName(header, record);
  const line = record.line;
  if (record.cells.length < header.length) return { line, problem: "short-line" };
  const stamp = cell(dateName);
  if (!stamp) return { line, problem: "missing-time" };
  const time = utcTime(stamp);
  if (!time) return { line, problem: "bad-time", detail: stamp };
  const sides = [
    legOf(line, cell("Sent Amount"), cell("Sent Currency"), "Sent Currency"),
    legOf(line, cell("Received Amount"), cell("Received Currency"), "Received Currency"),
    legOf(line, cell("Fee Amount"), cell("Fee Currency"), "Fee Currency"),
    legOf(line, cell("Net Worth Amount"), cell("Net Worth Currency"), "Net Worth Currency"),
  ] as const;
  for (const side of sides) if ("refused" in side) return side.refused;
  const [sent, received, fee, worth] = sides.map((s) => ("leg" in s ? s.leg : undefined));
  const label = cell("Label") ?? "";
  if (!label && !sent && !received) return { line, problem: "missing-field", detail: "Sent Amount" };
  const kind = kindOf(label, sent, received);
  if (!kind) return { line, problem: "unknown-operation", detail: label };
  const row: ImportedRow = { line, time, kind, operation: label || kind, fees: fee ? [fee] : [] };
  if (sent) row.out = sent;
  if (received) row.in = received;
  if (worth) row.fiatValue = worth;
  const hash = cell("TxHash");
  if (hash) row.txHash = hash;
  const description = cell("Description");
  if (description) row.note = description;
  return row;
}

function read(table: CsvTable): ReadRows {
  const dateName = DATE_COLUMNS.find((name) => columnIndex(table.header, name) >= 0) ?? "Date";
  return rowPerRecord(table.records, (record) => rowOf(table.header, dateName, record));
}

export const koinlyFormat: ExportFormat = {
  id: "koinly",
  name: "Koinly",
  isHeader: (header) =>
    REQUIRED.every((name) => header.includes(name)) &&
    DATE_COLUMNS.some((name) => header.includes(name)) &&
    !header.includes("Type"),
  read,
};
