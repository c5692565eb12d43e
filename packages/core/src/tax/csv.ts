/**
 * The CSV export of the wallet report (spec 02 §9): semicolon separated, UTF-8 with a byte-order mark
 * (so Excel opens umlauts right), CRLF line ends, German numbers (1.234,56) and dates (dd.mm.yyyy).
 * Fields with a semicolon, a quote or a line break are quoted (RFC 4180). Text that a spreadsheet would
 * run as a formula (starting with = + - @, e.g. a spam token's symbol) gets a leading apostrophe.
 */
import { berlinIsoDate } from "./holding-period.ts";
import type { ReportTransaction, Steuerpflichtig } from "./types.ts";

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

export const CSV_BOM = "\uFEFF";

/** "1234567.891" -> "1.234.567,89" (rounded half away from zero to `places`). */
export function germanNumber(value: string, places = 2): string {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal number: ${value}`);
  let int = m[2] || "0";
  let frac = m[3] ?? "";
  if (frac.length > places) {
    const roundUp = (frac.charCodeAt(places) ?? 48) >= 53;
    frac = frac.slice(0, places);
    if (roundUp) {
      const digits = (BigInt(int + frac) + 1n).toString().padStart(int.length + places, "0");
      int = digits.slice(0, digits.length - places) || "0";
      frac = digits.slice(digits.length - places);
    }
  }
  frac = frac.padEnd(places, "0");
  int = int.replace(/^0+(?=\d)/, "");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const negative = m[1] === "-" && /[1-9]/.test(int + frac);
  return `${negative ? "-" : ""}${grouped}${places > 0 ? `,${frac}` : ""}`;
}

/** "2025-03-01" -> "01.03.2025". */
export function germanDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return `${m[3]}.${m[2]}.${m[1]}`;
}

export function steuerpflichtigText(v: Steuerpflichtig): string {
  return v === true ? "Ja" : v === false ? "Nein" : "Unbekannt";
}

const NEEDS_QUOTES = /[;"\r\n]/;
const FORMULA = /^[=+\-@\t\r]/;

/** One CSV field: formula-safe text, quoted when needed. */
export function csvField(value: string, text = true): string {
  const v = text && FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The columns of one report row, formatted (without quoting). */
export function taxCsvRow(r: ReportTransaction): string[] {
  return [
    r.hash,
    r.typ,
    r.coin_name,
    steuerpflichtigText(r.steuerpflichtig),
    r.haltefrist_endet ? germanDate(r.haltefrist_endet) : "",
    r.wertEUR !== null ? germanNumber(r.wertEUR) : r.missingPrice || r.typ === "Unbekannt" ? "unbekannt" : "",
    r.token_address,
    r.from_address,
    r.to_address,
    germanDate(r.date),
    r.transaction_fee === null ? "unbekannt" : germanNumber(r.transaction_fee),
    r.beschreibung,
  ];
}

const NUMERIC_COLUMNS = new Set([4, 5, 9, 10]);

/** The whole export: BOM, header, one line per row, CRLF. */
export function taxReportCsv(rows: readonly ReportTransaction[]): string {
  const lines = [TAX_CSV_COLUMNS.map((c) => csvField(c)).join(";")];
  for (const r of rows) {
    lines.push(
      taxCsvRow(r)
        .map((f, i) => csvField(f, !NUMERIC_COLUMNS.has(i)))
        .join(";"),
    );
  }
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/**
 * The export's file name: "steuerreport_" + the first 6 characters of the address (spec 02 §9) + "_"
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
