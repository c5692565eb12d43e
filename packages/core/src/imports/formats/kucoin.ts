/**
 * KuCoin, order history (filled orders) export; docs/product/imports.md. Every line is one trade.
 * Quirks: KuCoin changed the layout several times. Read here: the 2022 layout
 * `tradeCreatedAt,symbol,side,price,size,funds,fee,feeCurrency` (pair `XTZ-USDT`, lowercase side, size
 * in the base coin, funds in the quote coin, fee in `feeCurrency`) and the older
 * `Time,Pair,Side,…,Amount,AmountCoin,Volume,VolumeCoin,Fee,FeeCoin` (pair `KCS/BTC`, `2019/05/11`).
 * Neither names a time zone: times are kept as written. Long float values are kept digit for digit.
 */
import { type CsvRecord, type CsvTable, cellsByName, columnIndex } from "../csv-table.ts";
import { absolute, exchangeNumber } from "../decimal-text.ts";
import { type ExportFormat, type ReadRows, rowPerRecord } from "../export-format.ts";
import { unzonedTime } from "../export-times.ts";
import type { ImportedLeg, ImportedRow, RefusedLine } from "../imported-row.ts";

/** The column names of one layout, mapped to what a trade needs. */
interface Layout {
  time: string;
  side: string;
  /** Amount of the base coin and where its coin is named. */
  base: string;
  baseCoin: (cell: (name: string) => string | undefined) => string | undefined;
  quote: string;
  quoteCoin: (cell: (name: string) => string | undefined) => string | undefined;
  fee: string;
  feeCoin: string;
}

const pairPart = (column: string, index: number) => (cell: (name: string) => string | undefined) =>
  cell(column)?.split(/[-/]/)[index] || undefined;

const LAYOUTS: Layout[] = [
  {
    time: "tradeCreatedAt",
    side: "side",
    base: "size",
    baseCoin: pairPart("symbol", 0),
    quote: "funds",
    quoteCoin: pairPart("symbol", 1),
    fee: "fee",
    feeCoin: "feeCurrency",
  },
  {
    time: "Time",
    side: "Side",
    base: "Amount",
    baseCoin: (cell) => cell("AmountCoin"),
    quote: "Volume",
    quoteCoin: (cell) => cell("VolumeCoin"),
    fee: "Fee",
    feeCoin: "FeeCoin",
  },
];

const REQUIRED: string[][] = [
  ["tradeCreatedAt", "symbol", "side", "size", "funds", "fee", "feeCurrency"],
  ["Time", "Pair", "Side", "Amount", "AmountCoin", "Volume", "VolumeCoin", "Fee", "FeeCoin"],
];

function layoutOf(header: readonly string[]): Layout | undefined {
  const i = REQUIRED.findIndex((names) => names.every((n) => columnIndex(header, n) >= 0));
  return i < 0 ? undefined : LAYOUTS[i];
}

/** `2022-04-28 12:36:00` or the older `2019/05/11 10:27:17`, kept without a zone. */
function timeOf(text: string): string | undefined {
  return unzonedTime(text.replace(/^(\d{4})\/(\d{2})\/(\d{2})/, "$1-$2-$3"));
}

function tradeOf(record: CsvRecord, header: readonly string[], layout: Layout): ImportedRow | RefusedLine {
  const { line } = record;
  const cell = cellsByName(header, record);
  if (record.cells.length < header.length) return { line, problem: "short-line" };
  const timeText = cell(layout.time) ?? "";
  if (timeText === "") return { line, problem: "missing-time" };
  const time = timeOf(timeText);
  if (time === undefined) return { line, problem: "bad-time", detail: timeText };
  const side = cell(layout.side) ?? "";
  if (!/^(buy|sell)$/i.test(side)) return { line, problem: "unknown-operation", detail: side };
  const baseCoin = layout.baseCoin(cell);
  const quoteCoin = layout.quoteCoin(cell);
  if (!baseCoin || !quoteCoin) return { line, problem: "missing-field", detail: "symbol" };
  const names = [layout.base, layout.quote, layout.fee];
  const amounts = names.map((name) => exchangeNumber(cell(name)));
  const bad = amounts.indexOf(undefined);
  if (bad >= 0) return { line, problem: "bad-number", detail: cell(names[bad] as string) };
  const [base, quote, fee] = (amounts as string[]).map(absolute) as [string, string, string];
  const baseLeg: ImportedLeg = { asset: baseCoin, amount: base };
  const quoteLeg: ImportedLeg = { asset: quoteCoin, amount: quote };
  const feeCoin = cell(layout.feeCoin) || quoteCoin;
  const buy = side.toLowerCase() === "buy";
  return {
    line,
    time,
    kind: "trade",
    operation: side,
    in: buy ? baseLeg : quoteLeg,
    out: buy ? quoteLeg : baseLeg,
    fees: fee === "0" ? [] : [{ asset: feeCoin, amount: fee }],
  };
}

function read(table: CsvTable): ReadRows {
  const layout = layoutOf(table.header) as Layout;
  return rowPerRecord(table.records, (record) => tradeOf(record, table.header, layout));
}

export const kucoinFormat: ExportFormat = {
  id: "kucoin",
  name: "KuCoin",
  isHeader: (header) => layoutOf(header) !== undefined,
  read,
};
