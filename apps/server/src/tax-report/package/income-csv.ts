/**
 * einkuenfte-22-nr-3-YYYY.csv: the year's §22 Nr. 3 income lines (core's anlageSoLines: the ROI rows,
 * each in whole cents that add up to the year's income22 exactly) and their sum in the last line.
 */
import { type AnlageSoLines, chainName, germanAmount, germanDate, germanNumber } from "@pulsemanager/core";
import { csvFile } from "./csv-file.ts";

export const INCOME_COLUMNS = ["Datum", "Chain", "Token", "Menge", "Wert (EUR)", "Transaktion"] as const;
/** The first field of the last line, the lines' sum (= the year's §22 figure). */
export const INCOME_TOTAL_LABEL = "Summe";

export function incomeFileName(year: number): string {
  return `einkuenfte-22-nr-3-${year}.csv`;
}

export function incomeCsv(lines: AnlageSoLines): string {
  const rows = lines.income.map((l) => [
    germanDate(l.date),
    l.chainId === null ? "" : chainName(l.chainId),
    l.symbol,
    germanAmount(l.amount),
    germanNumber(l.value),
    l.hash,
  ]);
  rows.push([INCOME_TOTAL_LABEL, "", "", "", germanNumber(lines.incomeTotal), ""]);
  return csvFile(INCOME_COLUMNS, rows, new Set([3, 4]));
}
