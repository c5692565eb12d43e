/**
 * The CSV export (docs/product/tax-report.md), built in the browser with the core functions (in the report's worker
 * for a loaded report). The export is always the
 * whole report of the year - every row, whatever filter tab is open - so the file handed to a tax
 * advisor is complete; the page says so beside the button.
 */
import { taxReportFileName, type WalletReportResult } from "@pulsemanager/core";
import { walletReportApi } from "../job/report-api.ts";
import { reportDataOf } from "./report-data.ts";

export interface ExportFile {
  fileName: string;
  content: string;
  type: string;
}

export const CSV_TYPE = "text/csv;charset=utf-8";

/** The CSV of the whole report, or null when it has no transactions ('Keine Transaktionen zum Exportieren verfügbar'). */
export async function reportCsvFile(result: WalletReportResult, now: Date = new Date()): Promise<ExportFile | null> {
  const data = reportDataOf(result);
  if (data.rows.length === 0) return null;
  return {
    fileName: taxReportFileName(result.address, now, result.year),
    content: await data.csv(),
    type: CSV_TYPE,
  };
}

/** 'Paket für die Steuerberatung': the stored report's ZIP from the server, saved under the server's name. */
export async function downloadAdvisorPackage(jobId: string): Promise<void> {
  const { fileName, blob } = await walletReportApi.advisorPackage(jobId);
  downloadBlob(fileName, blob, "application/zip");
}

/** Saves data as a file through a temporary object URL. */
export function downloadBlob(fileName: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click event returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
