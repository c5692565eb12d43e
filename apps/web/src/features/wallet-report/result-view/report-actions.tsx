import type { WalletReportResult } from "@pulsemanager/core";
import { Download, FileArchive, FileText, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { formatInteger } from "../../../lib/format-number.ts";
import { completenessOf } from "../result/report-figures.ts";
import { useReportExports } from "./use-report-exports.ts";

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
  const exports = useReportExports(result);
  const { busy, rowCount } = exports;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onNew}>
          <RotateCcw className="size-4" aria-hidden="true" />
          {t("actions.new")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void exports.exportCsv()}
          loading={busy === "csv"}
          disabled={busy !== null}
          aria-describedby="wallet-report-export-note"
        >
          {busy === "csv" ? null : <Download className="size-4" aria-hidden="true" />}
          {t("actions.export")}
        </Button>
        <Button onClick={() => void exports.exportPdf()} loading={busy === "pdf"} disabled={busy !== null}>
          {busy === "pdf" ? null : <FileText className="size-4" aria-hidden="true" />}
          {t(completenessOf(result).state === "unknown" ? "actions.pdfProvisional" : "actions.pdf")}
        </Button>
        {jobId ? (
          <Button
            variant="secondary"
            onClick={() => void exports.exportPackage(jobId)}
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
        {rowCount === 0
          ? t("export.empty")
          : t("export.note", { count: rowCount, formatted: formatInteger(rowCount, i18n.language) })}
      </p>
      {exports.message ? (
        <p role="alert" className="text-sm text-negative" data-testid="export-error">
          {t(exports.message)}
        </p>
      ) : null}
    </div>
  );
}
