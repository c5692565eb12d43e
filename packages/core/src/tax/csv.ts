/**
 * The CSV export of the wallet report (docs/product/tax-report.md): semicolon separated, UTF-8 with a byte-order mark
 * (so Excel opens umlauts right), CRLF line ends, German numbers (1.234,56) and dates (dd.mm.yyyy).
 * Fields with a semicolon, a quote or a line break are quoted (RFC 4180). Text that a spreadsheet would
 * run as a formula (starting with = + - @, e.g. a spam token's symbol) gets a leading apostrophe.
 */
import { chainName } from "../chains/chains.ts";
import { germanDate, germanNumber } from "../numbers/german-format.ts";
import { germanDescription } from "./description-de.ts";
import { fractionDigits } from "./fixed.ts";
import { berlinIsoDate, dayOfIso } from "./holding-period.ts";
import { lineEur, type ReportLineCents, reportLineCents } from "./line-cents.ts";
import { lotSymbol } from "./lot-symbol.ts";
import { priceSourceLabel } from "./price-source-label.ts";
import type { ConsumedLot, ReportTransaction, Taxability } from "./types.ts";

export const TAX_CSV_COLUMNS = [
  "Hash",
  "Typ",
  "Coin",
  "Steuerpflichtig",
  "Haltefrist",
  "Wert (EUR)",
  "Token Adresse",
  "Von Adresse",
  "An Adresse",
  "Datum",
  "Transaktionsgebühr",
  "Beschreibung",
] as const;

/**
 * After the spec's twelve columns, what an advisor needs to check each figure: one line per lot a
 * disposal used (the shared columns repeated), so the taxable lines' gains add up to the year's §23 figure.
 */
export const TAX_CSV_LOT_COLUMNS = [
  "Chain",
  "Wallet",
  "Menge",
  "Token",
  "Anschaffungsdatum",
  "Anschaffungskosten (EUR)",
  "Veräußerungserlös (EUR)",
  "Gewinn/Verlust (EUR)",
  "Haltedauer (Tage)",
  "Preisquelle",
] as const;

export const CSV_BOM = "\uFEFF";

export { germanDate, germanNumber };

export function steuerpflichtigText(v: Taxability): string {
  return v === true ? "Ja" : v === false ? "Nein" : "Unbekannt";
}

const NEEDS_QUOTES = /[;"\r\n]/;
const FORMULA = /^[=+\-@\t\r]/;

/** One CSV field: formula-safe text, quoted when needed. */
export function csvField(value: string, text = true): string {
  const v = text && FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * The columns of one report row, formatted (without quoting). A ROI row's value is its §22 line
 * (reportLineCents), so the year's ROI lines add up to its §22 figure.
 */
export function taxCsvRow(r: ReportTransaction, lineCents?: ReportLineCents): string[] {
  const value = (lineCents && lineEur(lineCents.income, r)) ?? r.wertEUR;
  return [
    r.hash,
    r.typ,
    r.coin_name,
    steuerpflichtigText(r.steuerpflichtig),
    r.haltefrist_endet ? germanDate(r.haltefrist_endet) : "",
    value !== null ? germanNumber(value) : r.missingPrice || r.typ === "Unbekannt" ? "unbekannt" : "",
    r.token_address,
    r.from_address,
    r.to_address,
    germanDate(r.date),
    r.transaction_fee === null ? "unbekannt" : germanNumber(r.transaction_fee),
    germanDescription(r),
  ];
}

const SPEC_NUMERIC = [4, 5, 9, 10];
const LOT_NUMERIC = [2, 4, 5, 6, 7, 8].map((i) => i + TAX_CSV_COLUMNS.length);
const NUMERIC_COLUMNS = new Set([...SPEC_NUMERIC, ...LOT_NUMERIC]);

export interface TaxCsvOptions {
  /** The symbol of an asset key ("369:0x…"); default: the lot's own symbol (lotSymbol). */
  symbolOf?: (asset: string) => string;
}

/** Whole tokens, exact, German: "1234.5" -> "1.234,5". */
export function germanAmount(value: string): string {
  return germanNumber(value, fractionDigits(value));
}

function cents(exact: string | null): string {
  return exact === null ? "" : germanNumber(exact);
}

/** A lot's EUR field: its line's cents when it has one, else the exact value rounded; "unbekannt" when unknown. */
function lotEur(exact: string | null, line: string | null): string {
  return exact === null ? "unbekannt" : cents(line ?? exact);
}

function holdingDays(row: ReportTransaction, lot: ConsumedLot): string {
  return lot.acquired === null ? "" : String(dayOfIso(row.date) - dayOfIso(lot.acquired));
}

function symbolFor(row: ReportTransaction, lot: ConsumedLot, options: TaxCsvOptions): string {
  return options.symbolOf?.(lot.asset) ?? lotSymbol(row, lot);
}

/** The lot columns of one line: per disposed or moved lot, or of the row itself. */
function lotColumns(
  row: ReportTransaction,
  lot: ConsumedLot | null,
  lineCents: ReportLineCents,
  options: TaxCsvOptions,
): string[] {
  const chain = row.chainId === null ? "" : chainName(row.chainId);
  const source = row.priceSource === null ? "" : priceSourceLabel(row.priceSource, row.chainId, "de");
  if (!lot) return [chain, row.wallet, germanAmount(row.amount), row.coin_name, "", "", "", "", "", source];
  return [
    chain,
    lot.wallet,
    germanAmount(lot.amount),
    symbolFor(row, lot, options),
    lot.acquired ? germanDate(lot.acquired) : "unbekannt",
    lot.cost === null ? "unbekannt" : cents(lot.cost),
    lot.use === "moved" ? "" : lotEur(lot.proceeds, lineEur(lineCents.proceeds, lot)),
    lot.use === "moved" ? "" : lotEur(lot.gain, lineEur(lineCents.taxableGain, lot)),
    holdingDays(row, lot),
    source,
  ];
}

/**
 * A disposed lot's own taxability in "Steuerpflichtig": one sale may use lots inside and outside the
 * one-year period, and the advisor adds up the taxable lines. Everything else is the row's.
 */
function lotShared(shared: string[], lot: ConsumedLot): string[] {
  if (lot.use !== "disposed") return shared;
  const out = [...shared];
  out[3] = steuerpflichtigText(lot.taxFree === null ? "unknown" : !lot.taxFree);
  return out;
}

/** The whole export: BOM, header, one line per row (per lot for disposals), CRLF. */
export function taxReportCsv(rows: readonly ReportTransaction[], options: TaxCsvOptions = {}): string {
  const header = [...TAX_CSV_COLUMNS, ...TAX_CSV_LOT_COLUMNS];
  const lines = [header.map((c) => csvField(c)).join(";")];
  const lineCents = reportLineCents(rows);
  const line = (fields: string[]) => fields.map((f, i) => csvField(f, !NUMERIC_COLUMNS.has(i))).join(";");
  for (const r of rows) {
    const shared = taxCsvRow(r, lineCents);
    if (r.lots.length === 0) lines.push(line([...shared, ...lotColumns(r, null, lineCents, options)]));
    for (const lot of r.lots) lines.push(line([...lotShared(shared, lot), ...lotColumns(r, lot, lineCents, options)]));
  }
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/**
 * The export's file name: "steuerreport_" + the first 6 characters of the address + "_"
 * + the German date of the export (YYYY-MM-DD), e.g. steuerreport_0x1234_2025-03-01.csv. With a tax year:
 * steuerreport_0x1234_2024_2025-03-01.csv. Characters unfit for file names are dropped.
 */
export function taxReportFileName(address: string, date: string | Date, year?: number): string {
  const day = typeof date === "string" ? date.slice(0, 10) : berlinIsoDate(Math.floor(date.getTime() / 1000));
  const prefix =
    address
      .trim()
      .slice(0, 6)
      .replace(/[^0-9A-Za-z]/g, "") || "wallet";
  return `steuerreport_${prefix}_${year === undefined ? "" : `${year}_`}${day}.csv`;
}
