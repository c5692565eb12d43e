/**
 * A report's rows and the work over all of them, behind one interface for both ways a report arrives:
 * loaded from a job (rows kept as their JSON text, one string each, decoded when shown; the bulk work
 * - search, CSV, the advisor's tables - done by the worker that read them, see report-result-loader.ts)
 * or answered directly (a small report: plain objects, the same work done here). The page asks
 * reportDataOf(result) and never walks 200,000 row objects on its own thread.
 */
import {
  type AnlageSoLines,
  anlageSoLines,
  type LotLines,
  type ReportTransaction,
  taxReportCsv,
  type WalletReportResult,
} from "@pulsemanager/core";
import { lotLinesReader } from "./lot-lines.ts";
import { computeDerived, type ReportDerived } from "./report-derived.ts";
import { searchMask } from "./report-search.ts";

export interface ReportRows {
  readonly length: number;
  at(index: number): ReportTransaction;
}

export interface ReportData {
  rows: ReportRows;
  derived: ReportDerived;
  /** Which rows match a search (1 = match); null when the query is empty. */
  search(query: string): Promise<Uint8Array | null>;
  /** The CSV export of every row. */
  csv(): Promise<string>;
  /** The advisor PDF's tables of a year. */
  anlageSoLines(year: number): Promise<AnlageSoLines>;
  /** The lots of row `index` as the CSV's and PDF's lines (cents that add up to the year's totals). */
  lotLines(index: number): Promise<LotLines>;
}

class ArrayRows implements ReportRows {
  constructor(private readonly list: readonly ReportTransaction[]) {}
  get length(): number {
    return this.list.length;
  }
  at(index: number): ReportTransaction {
    return this.list[index] as ReportTransaction;
  }
}

/** Rows kept as JSON text (one string per row: cheap for the garbage collector), decoded when read. */
export class EncodedRows implements ReportRows {
  private readonly decoded = new Map<number, ReportTransaction>();
  constructor(private readonly texts: readonly string[]) {}
  get length(): number {
    return this.texts.length;
  }
  at(index: number): ReportTransaction {
    let row = this.decoded.get(index);
    if (!row) {
      row = JSON.parse(this.texts[index] as string) as ReportTransaction;
      if (this.decoded.size >= DECODED_KEPT) this.decoded.delete(this.decoded.keys().next().value as number);
      this.decoded.set(index, row);
    }
    return row;
  }
}
/** Decoded rows kept: a few screens of the table. */
const DECODED_KEPT = 1_000;

function localData(result: WalletReportResult): ReportData {
  const rows = result.transactions;
  const lotLines = lotLinesReader(rows);
  return {
    rows: new ArrayRows(rows),
    derived: computeDerived(result),
    search: async (query) => searchMask(rows, query),
    csv: async () => taxReportCsv(rows),
    anlageSoLines: async (year) => anlageSoLines(rows, year),
    lotLines: async (index) => lotLines(index),
  };
}

const registered = new WeakMap<WalletReportResult, ReportData>();

/** Called by the loader for a result whose rows live elsewhere (result.transactions is then empty). */
export function registerReportData(result: WalletReportResult, data: ReportData): void {
  registered.set(result, data);
}

export function reportDataOf(result: WalletReportResult): ReportData {
  let data = registered.get(result);
  if (!data) {
    data = localData(result);
    registered.set(result, data);
  }
  return data;
}
