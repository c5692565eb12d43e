import Papa from "papaparse";

/** One record of the file: its first line's number (1-based) and its cells, trimmed. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The file read as a table: the header (trimmed names) and the records after it. */
export interface CsvTable {
  header: string[];
  /** Line number of the header (after a preamble, e.g. Bitpanda's six lines, it is not 1). */
  headerLine: number;
  delimiter: string;
  records: CsvRecord[];
}

const DELIMITERS = [",", ";", "\t"] as const;
/** How far down a header is looked for (Bitpanda's preamble is six lines, Coinbase's up to three). */
const PREAMBLE_LINES = 12;

/**
 * Reads CSV text as a table whose header `isHeader` accepts: the byte-order mark dropped, the header
 * found among the first lines (a preamble before it skipped), the delimiter taken from the header
 * line. Blank lines are not records. Undefined when no line of the top is an accepted header.
 */
export function readCsvTable(text: string, isHeader: (cells: string[]) => boolean): CsvTable | undefined {
  const body = text.replace(/^\uFEFF/, "");
  const lines = body.split(/\r\n|\n|\r/);
  for (let i = 0; i < Math.min(lines.length, PREAMBLE_LINES); i++) {
    for (const delimiter of DELIMITERS) {
      const header = parseLine(lines[i] as string, delimiter);
      if (header.length > 1 && isHeader(header)) {
        const rest = lines.slice(i + 1).join("\n");
        return { header, headerLine: i + 1, delimiter, records: recordsOf(rest, delimiter, i + 2) };
      }
    }
  }
  return undefined;
}

function parseLine(line: string, delimiter: string): string[] {
  const parsed = Papa.parse<string[]>(line.replace(/^\uFEFF/, ""), { delimiter, quoteChar: '"' });
  return (parsed.data[0] ?? []).map((c) => c.trim());
}

/** The records of the text after the header, each with the file line it starts on. */
function recordsOf(text: string, delimiter: string, firstLine: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  const starts = lineStarts(text);
  Papa.parse<string[]>(text, {
    delimiter,
    quoteChar: '"',
    skipEmptyLines: false,
    step: (result) => {
      const cells = (result.data as string[]).map((c) => c.trim());
      if (cells.every((c) => c === "")) return;
      const offset = result.meta.cursor - rowLength(result.data as string[], delimiter);
      records.push({ line: firstLine + lineIndexAt(starts, Math.max(0, offset)), cells });
    },
  });
  return records;
}

/** Character offsets where each line of the text starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return starts;
}

function lineIndexAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A lower bound of the characters a parsed row took (its cells and delimiters; quotes not counted). */
function rowLength(cells: readonly string[], delimiter: string): number {
  return cells.reduce((n, c) => n + c.length, 0) + (cells.length - 1) * delimiter.length;
}

/** The index of the first header cell with this name (CoinTracking repeats "Cur.": read by position there). */
export function columnIndex(header: readonly string[], name: string): number {
  return header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
}

/** A record's cells by column name, for formats whose names are unique. */
export function cellsByName(header: readonly string[], record: CsvRecord): (name: string) => string | undefined {
  return (name) => {
    const i = columnIndex(header, name);
    return i < 0 ? undefined : record.cells[i];
  };
}
