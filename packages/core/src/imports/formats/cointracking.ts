/**
 * CoinTracking, Trade List CSV export (docs/product/imports.md).
 * Header `"Type","Buy","Cur.","Sell","Cur.","Fee","Cur.","Exchange","Group","Comment","Date"` (newer
 * exports append `"Tx-ID"`), with a UTF-8 byte-order mark and every field quoted. Three columns share
 * the name `Cur.`, so the columns are read by position. `Date` is `DD.MM.YYYY HH:MM:SS` in the time zone
 * set in the user's CoinTracking account, which the file does not name: kept as written, without a
 * zone. A side without an amount is `-` or empty. CoinTracking can export other date layouts
 * (`5/9/2017 21:14`, day and month order unknown): those lines are refused as bad times, not guessed.
 */
import type { CsvRecord, CsvTable } from "../csv-table.ts";
import { absolute, exchangeNumber } from "../decimal-text.ts";
import { type ExportFormat, type ReadRows, rowPerRecord } from "../export-format.ts";
import { unzonedTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, ImportKind, RefusedLine } from "../imported-row.ts";

const COLUMNS = ["Type", "Buy", "Cur.", "Sell", "Cur.", "Fee", "Cur.", "Exchange", "Group", "Comment", "Date"];
const TX_ID = 11;

/** CoinTracking's types and what they count as. */
const KINDS: Record<string, ImportKind> = {
  Trade: "trade",
  Deposit: "deposit",
  Withdrawal: "withdrawal",
  Income: "reward",
  Staking: "reward",
  Mining: "reward",
  Airdrop: "reward",
  "Interest Income": "reward",
  "Reward / Bonus": "reward",
  "Lending Income": "reward",
  "Gift/Tip": "other",
  Gift: "other",
  Donation: "other",
  Spend: "other",
  Lost: "other",
  Stolen: "other",
  "Other Fee": "other",
  "Other Income": "other",
  "Other Expense": "other",
  "Margin Profit": "other",
  "Margin Loss": "other",
  "Margin Fee": "other",
};

type LegResult = { leg?: ImportedLeg } | { refused: RefusedLine };

/** The amount at `amountAt` in the currency after it; `-` or empty is no leg. */
function legAt(record: CsvRecord, amountAt: number): LegResult {
  const text = record.cells[amountAt] ?? "";
  const asset = record.cells[amountAt + 1] ?? "";
  if (text === "" || text === "-") return {};
  const amount = exchangeNumber(text);
  if (amount === undefined) return { refused: { line: record.line, problem: "bad-number", detail: text } };
  if (!asset) return { refused: { line: record.line, problem: "missing-field", detail: COLUMNS[amountAt + 1] } };
  return { leg: { asset, amount: absolute(amount) } };
}

function rowOf(record: CsvRecord): ImportedRow | RefusedLine {
  const c = record.cells;
  const line = record.line;
  if (c.length < COLUMNS.length) return { line, problem: "short-line" };
  const type = c[0] as string;
  const dateText = c[10] as string;
  if (!dateText) return { line, problem: "missing-time" };
  const time = unzonedTime(dateText);
  if (!time) return { line, problem: "bad-time", detail: dateText };
  const kind = KINDS[type];
  if (!kind) return { line, problem: "unknown-operation", detail: type };
  const row: ImportedRow = { line, time, kind, operation: type, fees: [] };
  const [bought, sold, fee] = [legAt(record, 1), legAt(record, 3), legAt(record, 5)];
  for (const side of [bought, sold, fee]) if ("refused" in side) return side.refused;
  if ("leg" in bought && bought.leg) row.in = bought.leg;
  if ("leg" in sold && sold.leg) row.out = sold.leg;
  if ("leg" in fee && fee.leg) row.fees.push(fee.leg);
  const note = [c[7] && `Exchange: ${c[7]}`, c[8] && `Group: ${c[8]}`, c[9]].filter(Boolean).join("; ");
  if (note) row.note = note;
  if (c[TX_ID]) row.externalId = c[TX_ID];
  return row;
}

function read(table: CsvTable): ReadRows {
  return rowPerRecord(table.records, rowOf);
}

export const cointrackingFormat: ExportFormat = {
  id: "cointracking",
  name: "CoinTracking",
  isHeader: (header) =>
    COLUMNS.every((name, i) => header[i] === name) && (header.length === COLUMNS.length || header[TX_ID] === "Tx-ID"),
  read,
};
