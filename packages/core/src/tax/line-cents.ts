/**
 * The one rounding of the report's lines: every list of lines with a total under it adds up to that
 * total to the cent, and a line shows the same cents wherever it is shown (the wallet-report API's
 * ROI values, the page, the advisor CSV and PDF). Per calendar year, exact EUR values are shared out
 * in whole cents by the largest remainder (centsSummingToTotal) over:
 * - the §22 income of the ROI rows (total: the year's income22),
 * - the gains of the taxable disposed lots (total: the year's §23 gainTaxable),
 * - the known proceeds of the disposed lots (total: the year's proceeds, the page's tile).
 * The lines are taken in report order (chronological, lots in FIFO order), so the result is the same
 * whoever asks.
 */
import { centsSummingToTotal } from "./cent-allocation.ts";
import { centsEur, eurCents, parseEur } from "./fixed.ts";
import type { ConsumedLot, ReportTransaction } from "./types.ts";

export interface ReportLineCents {
  /** A ROI row's income (its value), in cents. */
  income: Map<ReportTransaction, bigint>;
  /** A taxable disposed lot's gain, in cents. */
  taxableGain: Map<ConsumedLot, bigint>;
  /** A disposed lot's known proceeds, in cents. */
  proceeds: Map<ConsumedLot, bigint>;
}

/** A disposal inside the one-year period with a known gain: a line of the §23 table. */
export function isTaxableDisposal(lot: ConsumedLot): boolean {
  return lot.use === "disposed" && lot.taxFree === false && lot.gain !== null;
}

/** Lines by calendar year ("2024"), in the order they are added. */
export class YearLists<K> {
  private readonly byYear = new Map<string, { keys: K[]; values: bigint[] }>();

  add(year: string, key: K, exact: string): void {
    this.addExact(year, key, parseEur(exact));
  }

  /** A line by its exact value in atto-euros (the engine has it before it is written). */
  addExact(year: string, key: K, atto: bigint): void {
    let list = this.byYear.get(year);
    if (!list) {
      list = { keys: [], values: [] };
      this.byYear.set(year, list);
    }
    list.keys.push(key);
    list.values.push(atto);
  }

  /** Each key's cents; each year's add up to its rounded exact sum. */
  cents(): Map<K, bigint> {
    const out = new Map<K, bigint>();
    this.forEachCents((key, cents) => out.set(key, cents));
    return out;
  }

  /** Each key with its cents, year by year in the order added (no map when the caller needs none). */
  forEachCents(f: (key: K, cents: bigint) => void): void {
    for (const { keys, values } of this.byYear.values()) {
      const cents = centsSummingToTotal(values);
      for (let i = 0; i < keys.length; i++) f(keys[i] as K, cents[i] as bigint);
    }
  }
}

/** The ROI rows' §22 income in cents (each year adds up to its income22). */
export function incomeLineCents(rows: readonly ReportTransaction[]): Map<ReportTransaction, bigint> {
  const income = new YearLists<ReportTransaction>();
  for (const row of rows)
    if (row.kind === "income" && row.income !== null) income.add(row.date.slice(0, 4), row, row.income);
  return income.cents();
}

/** The cents of every line of `rows` (any years; each year is shared out on its own). */
export function reportLineCents(rows: readonly ReportTransaction[]): ReportLineCents {
  const gains = new YearLists<ConsumedLot>();
  const proceeds = new YearLists<ConsumedLot>();
  for (const row of rows) {
    const year = row.date.slice(0, 4);
    for (const lot of row.lots) {
      if (lot.use !== "disposed") continue;
      if (lot.proceeds !== null) proceeds.add(year, lot, lot.proceeds);
      if (isTaxableDisposal(lot)) gains.add(year, lot, lot.gain as string);
    }
  }
  return { income: incomeLineCents(rows), taxableGain: gains.cents(), proceeds: proceeds.cents() };
}

/** The EUR text (2 decimals) of a line's cents, or null when the line has none. */
export function lineEur(cents: Map<unknown, bigint>, key: unknown): string | null {
  const c = cents.get(key);
  return c === undefined ? null : centsEur(c);
}

export interface YearProceeds {
  /** Known proceeds of the year's disposed lots, EUR with 2 decimals (= the sum of their lines). */
  proceeds: string;
  /** Disposed lots (parts of lots count each). */
  lots: number;
  /** Disposed lots whose proceeds are unknown (missing price, left to an outside address). */
  unknownProceeds: number;
}

/** The year's Veräußerungserlöse: the exact sum of the disposed lots' proceeds, rounded once. */
export function yearProceeds(rows: readonly ReportTransaction[], year: number): YearProceeds {
  const prefix = String(year);
  let atto = 0n;
  let lots = 0;
  let unknownProceeds = 0;
  for (const row of rows) {
    if (!row.date.startsWith(prefix)) continue;
    for (const lot of row.lots) {
      if (lot.use !== "disposed") continue;
      lots++;
      if (lot.proceeds === null) unknownProceeds++;
      else atto += parseEur(lot.proceeds);
    }
  }
  return { proceeds: eurCents(atto), lots, unknownProceeds };
}

/** A row's lots as lines: each lot's proceeds and (taxable) gain in the cents the CSV and PDF show. */
export interface LotLines {
  /** Per lot (in the row's order): its proceeds line, EUR with 2 decimals; null when it has none. */
  proceeds: (string | null)[];
  /** Per lot: its gain line when it is a taxable disposal; null otherwise (then its exact gain, rounded). */
  gain: (string | null)[];
}

export function lotLinesOf(cents: ReportLineCents, row: ReportTransaction): LotLines {
  return {
    proceeds: row.lots.map((lot) => lineEur(cents.proceeds, lot)),
    gain: row.lots.map((lot) => lineEur(cents.taxableGain, lot)),
  };
}
