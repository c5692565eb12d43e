/**
 * Manual entries (the simple event format of tools/tax-cli/README.md) from a CSV file: a header row
 * with the column names in any order, `,` or `;` as separator (detected from the header), an optional
 * UTF-8 byte-order mark, quoted fields. Rows are validated with core's simpleEventSchema; every problem
 * comes back as an i18n key of namespace `report-pdf` (manualImport.errors.*) with its line number.
 */
import {
  MAX_MANUAL_ENTRIES,
  parseDecimalInput,
  SIMPLE_EVENT_COLUMNS,
  SIMPLE_EVENT_TYPES,
  type SimpleEvent,
  simpleEventSchema,
} from "@pulsemanager/core";
import Papa from "papaparse";

export interface ManualEntryError {
  /** 1-based line of the file where the row starts; 0 for the file as a whole. */
  line: number;
  /** i18n key in namespace report-pdf, e.g. "manualImport.errors.invalidNumber". */
  key: string;
  /** Interpolation values besides the line (column, value, ...). */
  values?: Record<string, string | number>;
}

export interface ManualEntriesCsvResult {
  /** The valid rows. Import them only when `errors` is empty: a file with errors is to be fixed first. */
  entries: SimpleEvent[];
  errors: ManualEntryError[];
}

export const MANUAL_ENTRY_COLUMNS = SIMPLE_EVENT_COLUMNS;
type Column = (typeof MANUAL_ENTRY_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly Column[] = ["time", "wallet", "type", "asset", "amount"];
const NUMERIC_COLUMNS: ReadonlySet<Column> = new Set(["amount", "eur", "feeEur", "toAmount"]);
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ASSET_KEY = /^\d+:(?:0x[0-9a-fA-F]{40}|native)$/i;

/** The error names; each is a key manualImport.errors.<name> in namespace report-pdf. */
export const MANUAL_IMPORT_ERROR_NAMES = [
  "empty",
  "noRows",
  "tooMany",
  "missingColumn",
  "unknownColumn",
  "duplicateColumn",
  "quotes",
  "fieldCount",
  "required",
  "invalidNumber",
  "ambiguousNumber",
  "notPositive",
  "negative",
  "invalidTime",
  "invalidType",
  "swapNeedsTo",
  "transferNeedsToWallet",
  "transferSameWallet",
  "invalidValue",
] as const;
export type ManualImportErrorName = (typeof MANUAL_IMPORT_ERROR_NAMES)[number];

const errorKey = (name: ManualImportErrorName) => `manualImport.errors.${name}`;
/** User text echoed in a message, kept short. */
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value);

/** The separator: whichever of `;` and `,` occurs more often outside quotes in the header line. */
export function detectSeparator(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) {
      if (semicolons + commas > 0) break;
    } else if (!quoted && ch === ";") semicolons++;
    else if (!quoted && ch === ",") commas++;
  }
  return semicolons > commas ? ";" : ",";
}

type NumberResult = { ok: true; value: string } | { ok: false; key: "invalidNumber" | "ambiguousNumber" };

/**
 * A number of a `;` file, written the German way, to the schema's decimal point: "1.234,56" -> "1234.56",
 * "0,5" -> "0.5", "1.234.567" -> "1234567" (core's one reader of typed numbers, strict for files).
 * "1.500" alone is ambiguous (one and a half, or fifteen hundred?) and is rejected rather than guessed;
 * a single point with other than three digits after it ("1.5", "0.125") is taken as a decimal point.
 */
export function germanDecimalToPoint(raw: string): NumberResult {
  const read = parseDecimalInput(raw, "de", { strict: true });
  if (read.ok) return { ok: true, value: read.value };
  return { ok: false, key: read.problem === "ambiguous" ? "ambiguousNumber" : "invalidNumber" };
}

interface HeaderResult {
  columns: (Column | null)[];
  errors: ManualEntryError[];
}

function readHeader(cells: string[], line: number): HeaderResult {
  const byLowerName = new Map(MANUAL_ENTRY_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const errors: ManualEntryError[] = [];
  const seen = new Set<Column>();
  const columns = cells.map((cell) => {
    const name = cell.trim();
    const column = byLowerName.get(name.toLowerCase());
    if (!column) {
      if (name !== "")
        errors.push({
          line,
          key: errorKey("unknownColumn"),
          values: { column: shown(name), allowed: MANUAL_ENTRY_COLUMNS.join(", ") },
        });
      return null;
    }
    if (seen.has(column)) errors.push({ line, key: errorKey("duplicateColumn"), values: { column } });
    seen.add(column);
    return column;
  });
  for (const column of REQUIRED_COLUMNS)
    if (!seen.has(column)) errors.push({ line, key: errorKey("missingColumn"), values: { column } });
  return { columns, errors };
}

/** One data row -> the raw event object (empty cells left out) or the errors of its numbers. */
function rowToInput(
  cells: string[],
  columns: (Column | null)[],
  separator: ";" | ",",
  line: number,
): { input: Record<string, string>; errors: ManualEntryError[] } {
  const input: Record<string, string> = {};
  const errors: ManualEntryError[] = [];
  columns.forEach((column, i) => {
    const value = (cells[i] ?? "").trim();
    if (!column || value === "") return;
    if (NUMERIC_COLUMNS.has(column) && separator === ";") {
      const n = germanDecimalToPoint(value);
      if (n.ok) input[column] = n.value;
      else errors.push({ line, key: errorKey(n.key), values: { column, value: shown(value) } });
      return;
    }
    if (column === "type") input[column] = value.toLowerCase();
    // Asset keys and wallets are lower case in the engine ("369:0xabc..."): a checksummed address is the same one.
    else if ((column === "wallet" || column === "toWallet") && ADDRESS.test(value)) input[column] = value.toLowerCase();
    else if ((column === "asset" || column === "toAsset") && ASSET_KEY.test(value)) input[column] = value.toLowerCase();
    else input[column] = value;
  });
  return { input, errors };
}

/** zod issues of one row -> error keys, one per column. */
function schemaErrors(
  issues: readonly { path: readonly PropertyKey[]; code: string }[],
  input: Record<string, string>,
  line: number,
): ManualEntryError[] {
  const errors: ManualEntryError[] = [];
  const done = new Set<string>();
  for (const issue of issues) {
    const column = String(issue.path[0] ?? "");
    if (done.has(column)) continue;
    done.add(column);
    const value = input[column];
    const at = (name: ManualImportErrorName, values: Record<string, string | number> = {}) =>
      errors.push({ line, key: errorKey(name), values: { column, ...values } });
    // toAsset and toWallet have no rules of their own: a custom issue there is the schema's superRefine.
    if (issue.code === "custom" && column === "toAsset") at("swapNeedsTo");
    else if (issue.code === "custom" && column === "toWallet")
      at(value === undefined ? "transferNeedsToWallet" : "transferSameWallet");
    else if (value === undefined) at("required");
    else if (column === "time") at("invalidTime", { value: shown(value) });
    else if (column === "type") at("invalidType", { value: shown(value), allowed: SIMPLE_EVENT_TYPES.join(", ") });
    // A well-formed number failing a refine: amounts must be > 0, EUR values >= 0.
    else if (issue.code === "custom" && (column === "amount" || column === "toAmount")) at("notPositive");
    else if (issue.code === "custom" && (column === "eur" || column === "feeEur")) at("negative");
    else if (NUMERIC_COLUMNS.has(column as Column)) at("invalidNumber", { value: shown(value) });
    else at("invalidValue", { value: shown(value) });
  }
  return errors;
}

function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

export function parseManualEntriesCsv(text: string): ManualEntriesCsvResult {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { entries: [], errors: [{ line: 0, key: errorKey("empty") }] };

  const separator = detectSeparator(body);
  const entries: SimpleEvent[] = [];
  const errors: ManualEntryError[] = [];
  let header: HeaderResult | null = null;
  let rows = 0;
  let tooMany = false;
  let cursor = 0;
  let line = 1;

  Papa.parse<string[]>(body, {
    delimiter: separator,
    // Empty lines are rows too (skipped below), so every row starts where the previous one ended.
    skipEmptyLines: false,
    step: (result, parser) => {
      const rowLine = line;
      line += lineBreaks(body.slice(cursor, result.meta.cursor));
      cursor = result.meta.cursor;
      const cells = result.data;
      if (result.errors.some((e) => e.code === "MissingQuotes" || e.code === "InvalidQuotes")) {
        errors.push({ line: rowLine, key: errorKey("quotes") });
        return;
      }
      if (cells.every((c) => c.trim() === "")) return;
      if (!header) {
        header = readHeader(cells, rowLine);
        errors.push(...header.errors);
        return;
      }
      if (++rows > MAX_MANUAL_ENTRIES) {
        tooMany = true;
        parser.abort();
        return;
      }
      if (cells.length !== header.columns.length) {
        errors.push({
          line: rowLine,
          key: errorKey("fieldCount"),
          values: { found: cells.length, expected: header.columns.length },
        });
        return;
      }
      const { input, errors: numberErrors } = rowToInput(cells, header.columns, separator, rowLine);
      const parsed = simpleEventSchema.safeParse(input);
      const rowErrors = [
        ...numberErrors,
        ...(parsed.success
          ? []
          : schemaErrors(parsed.error.issues, input, rowLine).filter(
              (e) => !numberErrors.some((n) => n.values?.column === e.values?.column),
            )),
      ];
      if (rowErrors.length > 0) errors.push(...rowErrors);
      else if (parsed.success) entries.push(parsed.data);
    },
  });

  if (tooMany)
    return { entries: [], errors: [{ line: 0, key: errorKey("tooMany"), values: { max: MAX_MANUAL_ENTRIES } }] };
  if (rows === 0 && errors.length === 0) errors.push({ line: 0, key: errorKey("noRows") });
  return { entries, errors };
}

const TEMPLATE_WALLET = "0x0000000000000000000000000000000000000001";
const TEMPLATE_ROWS: Record<"de" | "en", Record<Column, string>[]> = {
  de: [
    {
      time: "2024-03-01T10:00:00+01:00",
      wallet: TEMPLATE_WALLET,
      type: "buy",
      asset: "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
      amount: "10000",
      eur: "1234,56",
      feeEur: "1,50",
      toAsset: "",
      toAmount: "",
      toWallet: "",
      id: "boerse-1",
      txHash: "",
      note: "Kauf an einer Börse, danach in die Wallet übertragen",
    },
    {
      time: "2024-06-15T12:00:00+02:00",
      wallet: TEMPLATE_WALLET,
      type: "income",
      asset: "369:native",
      amount: "2500000,5",
      eur: "85,20",
      feeEur: "",
      toAsset: "",
      toAmount: "",
      toWallet: "",
      id: "",
      txHash: "",
      note: "Staking-Ertrag",
    },
  ],
  en: [
    {
      time: "2024-03-01T10:00:00+01:00",
      wallet: TEMPLATE_WALLET,
      type: "buy",
      asset: "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
      amount: "10000",
      eur: "1234.56",
      feeEur: "1.50",
      toAsset: "",
      toAmount: "",
      toWallet: "",
      id: "exchange-1",
      txHash: "",
      note: "Bought on an exchange, then moved to the wallet",
    },
    {
      time: "2024-06-15T12:00:00+02:00",
      wallet: TEMPLATE_WALLET,
      type: "income",
      asset: "369:native",
      amount: "2500000.5",
      eur: "85.20",
      feeEur: "",
      toAsset: "",
      toAmount: "",
      toWallet: "",
      id: "",
      txHash: "",
      note: "Staking reward",
    },
  ],
};

/**
 * A template to fill in: the header and two example rows (a purchase of HEX on an exchange, a staking
 * reward in PLS). German: `;` with decimal commas, as German Excel writes it; English: `,` and points.
 * With a byte-order mark so Excel reads the umlauts right.
 */
export function manualEntriesTemplateCsv(lang: "de" | "en" = "de"): string {
  const separator = lang === "de" ? ";" : ",";
  const rows = TEMPLATE_ROWS[lang].map((row) => MANUAL_ENTRY_COLUMNS.map((c) => row[c]));
  return `\uFEFF${Papa.unparse([[...MANUAL_ENTRY_COLUMNS], ...rows], { delimiter: separator, newline: "\r\n" })}\r\n`;
}
