import { type CsvTable, readCsvTable } from "./csv-table.ts";
import type { ExportFormat, ExportFormatId } from "./export-format.ts";
import { type ExportSummary, summarise } from "./export-summary.ts";
import { EXPORT_READERS } from "./formats/index.ts";
import type { ImportedRow, RefusedLine } from "./imported-row.ts";
import { type ExportFileProblem, MAX_EXPORT_BYTES } from "./imports-api.ts";

export interface ReadExport {
  ok: true;
  format: ExportFormatId;
  /** The default account name: the exchange's or tool's. */
  account: string;
  rows: ImportedRow[];
  refused: RefusedLine[];
  summary: ExportSummary;
}

export interface RefusedExport {
  ok: false;
  problem: ExportFileProblem;
  /** The first lines of the file for "unknown-format": what the header looked like. */
  detail?: string;
}

/**
 * An export file read as rows: the format recognised from its header (after any preamble), each record
 * read by that format, lines that cannot be read listed with their number and problem. A file that is
 * empty, too large, not text, of no known format or without a single readable row is refused whole.
 */
export function readExport(bytes: Uint8Array): ReadExport | RefusedExport {
  if (bytes.length === 0) return { ok: false, problem: "empty" };
  if (bytes.length > MAX_EXPORT_BYTES) return { ok: false, problem: "too-large" };
  const text = decodeText(bytes);
  if (text === undefined) return { ok: false, problem: "not-text" };
  const found = recognise(text);
  if (!found) return { ok: false, problem: "unknown-format", detail: firstLine(text) };
  const { format, table } = found;
  const read = format.read(table);
  if (read.rows.length === 0) return { ok: false, problem: "no-rows" };
  const rows = [...read.rows].sort((a, b) => a.line - b.line);
  return {
    ok: true,
    format: format.id,
    account: format.name,
    rows,
    refused: read.refused,
    summary: summarise(rows, read.skippedTimes),
  };
}

function recognise(text: string): { format: ExportFormat; table: CsvTable } | undefined {
  for (const format of EXPORT_READERS) {
    const table = readCsvTable(text, (header) => format.isHeader(header));
    if (table) return { format, table };
  }
  return undefined;
}

/** UTF-8 text, or undefined for a binary file (a spreadsheet saved as .xlsx, an image). */
function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Windows exports in Latin-1 (a German Excel's "CSV (Trennzeichen-getrennt)").
    return new TextDecoder("latin1").decode(bytes);
  }
}

function firstLine(text: string): string {
  return (text.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "").slice(0, 200);
}
