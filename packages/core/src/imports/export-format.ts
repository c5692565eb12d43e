import { type CsvRecord, type CsvTable, columnIndex } from "./csv-table.ts";
import type { ImportedRow, RefusedLine } from "./imported-row.ts";

/** The exports the importers read (docs/product/imports.md has each one's quirks). */
export const EXPORT_FORMATS = [
  "binance",
  "coinbase",
  "kraken",
  "bitpanda",
  "bitvavo",
  "cryptocom",
  "kucoin",
  "bitstamp",
  "cointracking",
  "blockpit",
  "koinly",
] as const;
export type ExportFormatId = (typeof EXPORT_FORMATS)[number];

/** What a format's reader gives: the rows it read, the lines it could not. */
export interface ReadRows {
  rows: ImportedRow[];
  refused: RefusedLine[];
  /** Times of lines skipped on purpose (Kraken's pending duplicates): they still bound the file's range. */
  skippedTimes?: string[];
}

/** One export format: how its header is recognised and how its records become rows. */
export interface ExportFormat {
  id: ExportFormatId;
  /** The exchange's or tool's name: the default name of the account the file is imported as. */
  name: string;
  /** Whether a header line (trimmed cells) is this format's. */
  isHeader(header: readonly string[]): boolean;
  read(table: CsvTable): ReadRows;
}

/** One row per record: each record read by `rowOf`; a record it cannot read is a refused line. */
export function rowPerRecord(
  records: readonly CsvRecord[],
  rowOf: (record: CsvRecord) => ImportedRow | RefusedLine,
): ReadRows {
  const rows: ImportedRow[] = [];
  const refused: RefusedLine[] = [];
  for (const record of records) {
    const row = rowOf(record);
    if ("problem" in row) refused.push(row);
    else rows.push(row);
  }
  return { rows, refused };
}

/** A header that has every one of these columns (case aside, in any order). */
export function hasColumns(columns: readonly string[]): (header: readonly string[]) => boolean {
  return (header) => columns.every((name) => columnIndex(header, name) >= 0);
}
