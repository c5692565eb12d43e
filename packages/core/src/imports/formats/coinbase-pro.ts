/**
 * Coinbase Pro, account statement (`Portfolio,Type,Timestamp,Amount,Balance,Amount/balance unit,
 * Transfer id,Trade id,Order id`; older files lower case with `time`); docs/product/imports.md.
 * Quirks: one line per balance change, signed `Amount` in `Amount/balance unit`; a fill is its two
 * `match` lines and its `fee` line sharing a `Trade id` and `Order id` (one trade per fill, the order's id in the
 * note); `deposit`/`withdrawal` carry a `Transfer id`; times are ISO UTC with milliseconds. Other
 * types (`conversion`, `rebate`, margin moves) are refused with their word.
 */
import { type CsvRecord, type CsvTable, cellsByName, columnIndex } from "../csv-table.ts";
import { absolute, exchangeNumber, isNegative, sumOf } from "../decimal-text.ts";
import type { ReadRows } from "../export-format.ts";
import { offsetTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, RefusedLine } from "../imported-row.ts";

const NEEDED = ["Portfolio", "Type", "Amount", "Balance", "Amount/balance unit", "Trade id", "Order id"];
const TYPES = new Set(["match", "fee", "deposit", "withdrawal"]);

export function isCoinbaseProHeader(header: readonly string[]): boolean {
  const time = columnIndex(header, "Timestamp") >= 0 || columnIndex(header, "time") >= 0;
  return time && NEEDED.every((name) => columnIndex(header, name) >= 0);
}

interface ProLine {
  line: number;
  time: string;
  type: string;
  asset: string;
  /** Signed exact decimal. */
  amount: string;
  transferId: string;
  tradeId: string;
  orderId: string;
}

function lineOf(record: CsvRecord, header: readonly string[]): ProLine | RefusedLine {
  const { line } = record;
  const cell = (name: string) => cellsByName(header, record)(name) ?? "";
  if (record.cells.length < header.length - 2) return { line, problem: "short-line" };
  const timeText = cell("Timestamp") || cell("time");
  if (timeText === "") return { line, problem: "missing-time" };
  const time = offsetTime(timeText);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  const type = cell("Type");
  if (!TYPES.has(type.toLowerCase())) return { line, problem: "unknown-operation", detail: type };
  const asset = cell("Amount/balance unit");
  if (asset === "") return { line, problem: "missing-field", detail: "Amount/balance unit" };
  const amount = exchangeNumber(cell("Amount"));
  if (amount === undefined) return { line, problem: "bad-number", detail: cell("Amount") };
  if (/^(match|fee)$/i.test(type) && cell("Trade id") === "")
    return { line, problem: "missing-field", detail: "Trade id" };
  const ids = { transferId: cell("Transfer id"), tradeId: cell("Trade id"), orderId: cell("Order id") };
  return { line, time, type: type.toLowerCase(), asset, amount, ...ids };
}

/** Amounts per asset of these lines, summed, in the order the assets first appear. */
function legsByAsset(lines: readonly ProLine[]): ImportedLeg[] {
  const byAsset = new Map<string, string[]>();
  for (const l of lines) byAsset.set(l.asset, [...(byAsset.get(l.asset) ?? []), absolute(l.amount)]);
  return [...byAsset].map(([asset, amounts]) => ({ asset, amount: sumOf(amounts) }));
}

/** One fill: its match lines (bought, sold) and fee lines. */
function tradeRow(lines: readonly ProLine[]): ImportedRow {
  const first = lines[0] as ProLine;
  const matches = lines.filter((l) => l.type === "match");
  const row: ImportedRow = {
    line: first.line,
    time: first.time,
    kind: "trade",
    operation: "match",
    fees: legsByAsset(lines.filter((l) => l.type === "fee")),
    externalId: first.tradeId,
  };
  const [received] = legsByAsset(matches.filter((l) => !isNegative(l.amount)));
  const [spent] = legsByAsset(matches.filter((l) => isNegative(l.amount)));
  if (received) row.in = received;
  if (spent) row.out = spent;
  if (first.orderId) row.note = `order ${first.orderId}`;
  return row;
}

function transferRow(l: ProLine): ImportedRow {
  const leg = { asset: l.asset, amount: absolute(l.amount) };
  const kind = l.type === "deposit" ? "deposit" : "withdrawal";
  const row: ImportedRow = { line: l.line, time: l.time, kind, operation: l.type, fees: [] };
  if (kind === "deposit") row.in = leg;
  else row.out = leg;
  if (l.transferId) row.externalId = l.transferId;
  return row;
}

export function readCoinbasePro(table: CsvTable): ReadRows {
  const refused: RefusedLine[] = [];
  const rows: ImportedRow[] = [];
  const fills = new Map<string, ProLine[]>();
  for (const record of table.records) {
    const l = lineOf(record, table.header);
    if ("problem" in l) refused.push(l);
    else if (l.type === "deposit" || l.type === "withdrawal") rows.push(transferRow(l));
    else {
      // Trade ids count per product: the order id keeps two products' fills apart.
      const key = `${l.tradeId}\u0000${l.orderId}`;
      fills.set(key, [...(fills.get(key) ?? []), l]);
    }
  }
  rows.push(...[...fills.values()].map(tradeRow));
  return { rows: rows.sort((a, b) => a.line - b.line), refused };
}
