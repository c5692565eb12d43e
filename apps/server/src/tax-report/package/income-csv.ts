/**
 * einkuenfte-22-nr-3-YYYY.csv: the year's §22 Nr. 3 income lines (core's anlageSoLines: the ROI rows,
 * each in whole cents that add up to the year's income22 exactly) and their sum in the last line, which
 * says when the figure is not final.
 */
import {
  type AnlageSoLines,
  chainName,
  germanAmount,
  germanDate,
  germanNumber,
  type TaxFigureState,
} from "@pulsemanager/core";
import { csvFile } from "./csv-file.ts";

export const INCOME_COLUMNS = ["Datum", "Chain", "Token", "Menge", "Wert (EUR)", "Transaktion"] as const;
/** The first field of the last line, the lines' sum (= the year's §22 figure). */
export const INCOME_TOTAL_LABEL = "Summe";

export function incomeFileName(year: number): string {
  return `einkuenfte-22-nr-3-${year}.csv`;
}

/** What the sum line says of itself when the year's figures are not final (core's figure state). */
const TOTAL_NOTES: Record<TaxFigureState, string> = {
  final: "",
  provisional: "vorläufig: Werte fehlen noch (siehe README.txt)",
  unknown: "unvollständig: nicht jeder Verlauf wurde vollständig gelesen (siehe README.txt)",
};

/** The lines and their sum; `state`: how final the year's figures are (the sum line says so). */
export function incomeCsv(lines: AnlageSoLines, state: TaxFigureState): string {
  const rows = lines.income.map((l) => [
    germanDate(l.date),
    l.chainId === null ? "" : chainName(l.chainId),
    l.symbol,
    germanAmount(l.amount),
    germanNumber(l.value),
    l.hash,
  ]);
  rows.push([INCOME_TOTAL_LABEL, "", "", "", germanNumber(lines.incomeTotal), TOTAL_NOTES[state]]);
  return csvFile(INCOME_COLUMNS, rows, new Set([3, 4]));
}
