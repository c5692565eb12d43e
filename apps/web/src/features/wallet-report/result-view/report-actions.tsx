import type { WalletReportResult } from "@pulsemanager/core";
import { Download, FileArchive, FileText, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { formatInteger } from "../../../lib/format-number.ts";
import { reportDataOf } from "../result/report-data.ts";
import { downloadAdvisorPackage, downloadBlob, reportCsvFile } from "../result/report-export.ts";
import { completenessOf } from "../result/report-figures.ts";

/** Resolves after the browser has painted the current state. */
function nextPaint(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => window.setTimeout(done, 0)));
}

type ActionMessage = { kind: "error"; key: string } | null;

interface ReportActionsProps {
  result: WalletReportResult;
  /** The stored report's id: the package for the tax advisor is made from it (none for a direct analysis). */
  jobId: string | null;
  onNew: () => void;
}

/**
 * 'Neue Analyse', 'Exportieren' (CSV, the whole report), 'PDF für Steuerberater' and, for a stored
 * report, 'Paket für die Steuerberatung' (the server's ZIP: GET /api/wallet-report/:id/package).
 */
export function ReportActions({ result, jobId, onNew }: ReportActionsProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const [message, setMessage] = useState<ActionMessage>(null);
  const [busy, setBusy] = useState<"csv" | "pdf" | "package" | null>(null);
  const data = reportDataOf(result);
  const rowCount = data.rows.length;
  const empty = rowCount === 0;

  const exportCsv = async () => {
    setMessage(null);
    if (empty) {
      setMessage({ kind: "error", key: "export.empty" });
      return;
    }
    setBusy("csv");
    // Let the button show its spinner before the work starts (200,000 rows: about 2 s in the browser).
    await nextPaint();
    try {
      const file = await reportCsvFile(result);
      if (!file) setMessage({ kind: "error", key: "export.empty" });
      else downloadBlob(file.fileName, file.content, file.type);
    } catch {
      setMessage({ kind: "error", key: "export.failed" });
    } finally {
      setBusy(null);
    }
  };

  const exportPdf = async () => {
    setMessage(null);
    setBusy("pdf");
    await nextPaint();
    try {
      const [{ buildAdvisorPdf, advisorPdfFileName, advisorPdfLabels }, lines] = await Promise.all([
        import("@pulsemanager/report-files/advisor-pdf"),
        data.anlageSoLines(result.year),
      ]);
      const lang = i18n.language === "en" ? "en" : "de";
      const labels = advisorPdfLabels(lang);
      const bytes = await buildAdvisorPdf(result, lang, labels, lines, data.derived.gaps);
      downloadBlob(advisorPdfFileName(result), bytes as Uint8Array<ArrayBuffer>, "application/pdf");
    } catch {
      setMessage({ kind: "error", key: "export.pdfFailed" });
    } finally {
      setBusy(null);
    }
  };

  const exportPackage = async (id: string) => {
    setMessage(null);
    setBusy("package");
    try {
      await downloadAdvisorPackage(id);
    } catch {
      setMessage({ kind: "error", key: "export.packageFailed" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onNew}>
          <RotateCcw className="size-4" aria-hidden="true" />
          {t("actions.new")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void exportCsv()}
          loading={busy === "csv"}
          disabled={busy !== null}
          aria-describedby="wallet-report-export-note"
        >
          {busy === "csv" ? null : <Download className="size-4" aria-hidden="true" />}
          {t("actions.export")}
        </Button>
        <Button onClick={() => void exportPdf()} loading={busy === "pdf"} disabled={busy !== null}>
          {busy === "pdf" ? null : <FileText className="size-4" aria-hidden="true" />}
          {t(completenessOf(result).state === "unknown" ? "actions.pdfProvisional" : "actions.pdf")}
        </Button>
        {jobId ? (
          <Button
            variant="secondary"
            onClick={() => void exportPackage(jobId)}
            loading={busy === "package"}
            disabled={busy !== null}
            data-testid="advisor-package"
          >
            {busy === "package" ? null : <FileArchive className="size-4" aria-hidden="true" />}
            {t("actions.package")}
          </Button>
        ) : null}
      </div>
      <p id="wallet-report-export-note" className="text-xs text-text-muted">
        {empty
          ? t("export.empty")
          : t("export.note", {
              count: rowCount,
              formatted: formatInteger(rowCount, i18n.language),
            })}
      </p>
      {message ? (
        <p role="alert" className="text-sm text-negative" data-testid="export-error">
          {t(message.key)}
        </p>
      ) : null}
    </div>
  );
}
