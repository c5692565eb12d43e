import type { WalletReportResult } from "@pulsemanager/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { reportDataOf } from "../result/report-data.ts";
import { downloadAdvisorPackage, downloadBlob, reportCsvFile } from "../result/report-export.ts";

/** Resolves after the browser has painted the current state. */
function nextPaint(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => window.setTimeout(done, 0)));
}

export type ExportKind = "csv" | "pdf" | "package";

/** Thrown by an export that has nothing to export: its message key is shown. */
class NothingToExport extends Error {}

/**
 * The report's downloads: the CSV (the whole report, built in the browser), the advisor PDF (its code
 * loaded on first use) and the package for the tax advisor (the server's ZIP). One runs at a time; a
 * failure leaves its message key.
 */
export function useReportExports(result: WalletReportResult) {
  const { i18n } = useTranslation("wallet-report");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const data = reportDataOf(result);

  const run = async (kind: ExportKind, failedKey: string, work: () => Promise<void>) => {
    setMessage(null);
    setBusy(kind);
    // Let the button show its spinner before the work starts (200,000 rows: about 2 s in the browser).
    await nextPaint();
    try {
      await work();
    } catch (err) {
      setMessage(err instanceof NothingToExport ? "export.empty" : failedKey);
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = () =>
    run("csv", "export.failed", async () => {
      const file = data.rows.length === 0 ? null : await reportCsvFile(result);
      if (!file) throw new NothingToExport();
      downloadBlob(file.fileName, file.content, file.type);
    });

  const exportPdf = () =>
    run("pdf", "export.pdfFailed", async () => {
      const [{ buildAdvisorPdf, advisorPdfFileName, advisorPdfLabels }, lines] = await Promise.all([
        import("@pulsemanager/report-files/advisor-pdf"),
        data.anlageSoLines(result.year),
      ]);
      const lang = i18n.language === "en" ? "en" : "de";
      const bytes = await buildAdvisorPdf(result, lang, advisorPdfLabels(lang), lines, data.derived.gaps);
      downloadBlob(advisorPdfFileName(result), bytes as Uint8Array<ArrayBuffer>, "application/pdf");
    });

  const exportPackage = (jobId: string) => run("package", "export.packageFailed", () => downloadAdvisorPackage(jobId));

  return { rowCount: data.rows.length, message, busy, exportCsv, exportPdf, exportPackage };
}
