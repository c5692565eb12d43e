import type { TaxReportJob } from "@pulsemanager/core";
import { FileSearch, History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { shortAddress } from "../../lib/address.ts";
import { formatDateTime } from "../../lib/format-number.ts";
import { AnalysisErrorBox } from "./job/analysis-error-box.tsx";
import { JobProgress } from "./job/job-progress.tsx";
import type { WalletReport } from "./job/use-wallet-report.ts";
import { REPORT_RESULT_ID, type ReportActions } from "./report-page-state.ts";
import { ReportResultView } from "./result-view/report-result-view.tsx";

/** The last finished report, offered again while the page is idle. */
export function LatestReportCard({ latest, onShow }: { latest: TaxReportJob; onShow: () => void }) {
  const { t, i18n } = useTranslation("wallet-report");
  return (
    <Card className="flex flex-wrap items-center gap-3" data-testid="latest-report">
      <History className="size-5 shrink-0 text-accent" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">
        {t("latest.text", {
          year: latest.year,
          subject: latest.scope === "all" ? t("result.allWallets") : shortAddress(latest.address ?? ""),
          date: formatDateTime(latest.updated_at, i18n.language),
        })}
      </p>
      <Button variant="secondary" onClick={onShow}>
        {t("latest.show")}
      </Button>
    </Card>
  );
}

/** Below the form: idle, starting, the job's progress, loading, an error or the report. */
export function ReportPhaseView({
  report,
  actions,
  openPoints,
}: {
  report: WalletReport;
  actions: ReportActions;
  openPoints: boolean;
}) {
  const { t } = useTranslation("wallet-report");
  const { state } = report;
  const { newAnalysis, startAnalysis } = actions;
  if (state.phase === "idle") {
    return (
      <Card className="flex flex-col items-start gap-2" data-testid="report-idle">
        <FileSearch className="size-8 text-accent" aria-hidden="true" />
        <h2 className="text-base font-semibold">{t("idle.title")}</h2>
        <p className="text-sm text-text-muted">{t("idle.text")}</p>
      </Card>
    );
  }
  if (state.phase === "starting" || state.phase === "loadingResult") {
    const label =
      state.phase === "loadingResult"
        ? t("loading.result")
        : state.mode === "direct"
          ? t("loading.direct")
          : t("loading.starting");
    return (
      <Card aria-busy="true" data-testid="report-loading">
        <Spinner label={label} className="py-6" />
      </Card>
    );
  }
  if (state.phase === "tracking") {
    return (
      <JobProgress
        key={state.jobId}
        jobId={state.jobId}
        onCompleted={report.jobCompleted}
        onEnded={actions.setEndedJob}
        onRetry={actions.retry}
        onCancel={report.cancel}
        onReset={newAnalysis}
      />
    );
  }
  if (state.phase === "error") {
    return (
      <AnalysisErrorBox
        message={state.message}
        onReset={newAnalysis}
        onUseJob={state.request ? () => state.request && startAnalysis("job", state.request) : undefined}
      />
    );
  }
  return (
    <div id={REPORT_RESULT_ID} className="scroll-mt-20">
      <ReportResultView
        key={state.run}
        result={state.result}
        jobId={state.jobId}
        onNew={newAnalysis}
        onRunReport={() => actions.runYearReport(state.result.year)}
        openPoints={openPoints}
      />
    </div>
  );
}
