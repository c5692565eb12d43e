/**
 * Reading the command line's input: the simple event format (../README.md, "JSON input") as JSON (an
 * object with `events`, a single case, an array of events, or a cases file with --case) or as CSV with
 * the same column names. See ../README.md.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type AssetInfoLookup,
  type DeclaredArrival,
  type EurPriceLookup,
  fixedEurPrices,
  SIMPLE_EVENT_COLUMNS,
  type SimpleEvent,
  simpleEventsToTaxEvents,
  simpleEventTime,
  type TaxEvent,
} from "@pulsemanager/core";
import { parse } from "csv-parse/sync";
import { cliDeclarations } from "./declarations.ts";

export interface LoadedInput {
  events: TaxEvent[];
  assets: AssetInfoLookup;
  prices?: EurPriceLookup;
  /** The user's declarations (JSON `declarations`), keyed as the engine sees the events. */
  declared: DeclaredArrival[];
  /** The case id when the input was a case. */
  caseId?: string;
}

export class InputError extends Error {}

const CSV_COLUMNS: readonly string[] = SIMPLE_EVENT_COLUMNS;

/** Empty cells are absent fields. Numbers stay numbers: an amount given as a JSON number is refused by the schema. */
function withoutEmpty(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (v === "" || v === null || v === undefined) continue;
    out[k] = v;
  }
  return out;
}

function fromCsv(text: string): SimpleEvent[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim()),
      delimiter: [";", ",", "\t"],
      skip_empty_lines: true,
      trim: true,
      comment: "#",
      comment_no_infix: true,
    }) as Record<string, string>[];
  } catch (error) {
    throw new InputError(`CSV: ${(error as Error).message}`);
  }
  if (records.length > 0) {
    const unknown = Object.keys(records[0] as object).filter((c) => !CSV_COLUMNS.includes(c));
    if (unknown.length > 0)
      throw new InputError(`CSV: unknown column(s) ${unknown.join(", ")}; expected ${CSV_COLUMNS.join(", ")}`);
  }
  return records.map((r) => withoutEmpty(r) as unknown as SimpleEvent);
}

type PriceTable = Record<string, [string | number, string][]>;

function pricesOf(raw: unknown): EurPriceLookup | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new InputError("prices: an object { asset: [[time, eurPerUnit], ...] }");
  const table: Record<string, [number, string][]> = {};
  for (const [asset, rows] of Object.entries(raw as PriceTable)) {
    if (!Array.isArray(rows)) throw new InputError(`prices.${asset}: a list of [time, eurPerUnit]`);
    table[asset] = rows.map((row, i) => {
      if (!Array.isArray(row) || row.length !== 2 || !/^\d+(?:\.\d+)?$/.test(String(row[1])))
        throw new InputError(`prices.${asset}[${i}]: [time, "1.23"]`);
      const t = simpleEventTime(row[0] as string | number);
      if (!Number.isFinite(t)) throw new InputError(`prices.${asset}[${i}]: not a time`);
      return [t, String(row[1])];
    });
  }
  return fixedEurPrices(table, "input-prices");
}

interface RawInput {
  events: SimpleEvent[];
  prices?: unknown;
  declarations?: unknown;
  id?: string;
}

function fromJson(text: string, caseId: string | undefined): RawInput {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(data)) return { events: data as SimpleEvent[] };
  if (typeof data !== "object" || data === null)
    throw new InputError('JSON: expected an object with an events array ({"events": [...]})');
  const obj = data as { events?: unknown; cases?: unknown; prices?: unknown; declarations?: unknown; id?: unknown };
  if (Array.isArray(obj.cases)) {
    const cases = obj.cases as { id?: string; events?: unknown; prices?: unknown; declarations?: unknown }[];
    if (!caseId) throw new InputError(`a cases file: pick one with --case (${cases.map((c) => c.id).join(", ")})`);
    const found = cases.find((c) => c.id === caseId);
    if (!found || !Array.isArray(found.events)) throw new InputError(`no case ${caseId}`);
    const { prices, declarations } = found;
    return { events: found.events as SimpleEvent[], prices, declarations, id: caseId };
  }
  if (!Array.isArray(obj.events)) throw new InputError("JSON: expected an object with an events array");
  return {
    events: obj.events as SimpleEvent[],
    prices: obj.prices,
    declarations: obj.declarations,
    id: typeof obj.id === "string" ? obj.id : undefined,
  };
}

export function loadInput(file: string, caseId?: string): LoadedInput {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new InputError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const extension = path.extname(file).toLowerCase();
  const isCsv =
    extension === ".csv" ||
    (extension !== ".json" && !text.trimStart().startsWith("{") && !text.trimStart().startsWith("["));
  if (text.trim() === "") throw new InputError(`${file} is empty: nothing to report`);
  const raw: RawInput = isCsv ? { events: fromCsv(text) } : fromJson(text, caseId);
  if (raw.events.length === 0) throw new InputError(`${file} holds no events: nothing to report`);
  let converted: ReturnType<typeof simpleEventsToTaxEvents>;
  try {
    converted = simpleEventsToTaxEvents(
      raw.events.map((e) => withoutEmpty(e as Record<string, unknown>) as SimpleEvent),
      // A CSV's problems name the line (the header is line 1).
      { now: new Date(), where: isCsv ? (i) => `line ${i + 2}` : (i) => `event ${i + 1}` },
    );
  } catch (error) {
    throw new InputError((error as Error).message);
  }
  let declared: DeclaredArrival[];
  try {
    declared = cliDeclarations(raw.declarations, converted.events);
  } catch (error) {
    throw new InputError((error as Error).message);
  }
  return {
    events: converted.events,
    assets: converted.assets,
    prices: pricesOf(raw.prices),
    declared,
    caseId: raw.id,
  };
}

/**
 * Several inputs at once (`--input a.json --input binance.csv --account Binance`): each file an
 * exchange export (the next `--account` names it) or the simple format; events and declarations
 * together, assets looked up in each, the first file's prices.
 */
export function loadInputs(
  files: readonly string[],
  accounts: readonly string[],
  caseId: string | undefined,
  exchange: (file: string, account: string | undefined) => LoadedInput | undefined,
): LoadedInput {
  let named = 0;
  const results = files.map((file) => {
    const fromExchange = exchange(file, accounts[named]);
    if (!fromExchange) return loadInput(file, caseId);
    named += 1;
    return fromExchange;
  });
  return {
    events: results.flatMap((r) => r.events),
    assets: (asset) => results.map((r) => r.assets(asset)).find((info) => info !== undefined),
    prices: results.find((r) => r.prices)?.prices,
    declared: results.flatMap((r) => r.declared),
    caseId: results.find((r) => r.caseId)?.caseId,
  };
}
