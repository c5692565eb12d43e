import type { TaxReportJob, WalletReportRequest } from "@pulsemanager/core";
import { FileSearch, History } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { shortAddress } from "../../lib/address.ts";
import { formatDateTime } from "../../lib/format-number.ts";
import { useAccess, useMe } from "../../state/session/index.ts";
import { readStoredConnection, type StoredConnection } from "../wallet-reader/index.ts";
import { useWallets } from "../wallets/index.ts";
import { ConnectedWalletBanner } from "./form/connected-wallet-banner.tsx";
import { REPORT_ADDRESS_ID, ReportForm } from "./form/report-form.tsx";
import {
  defaultTaxYear,
  normalizeAddress,
  type ReportScope,
  reportRequest,
  shownReportScope,
} from "./form/report-inputs.ts";
import { AnalysisErrorBox } from "./job/analysis-error-box.tsx";
import { isBusy } from "./job/analysis-state.ts";
import { JobProgress } from "./job/job-progress.tsx";
import type { AnalysisMode } from "./job/report-answers.ts";
import { useWalletReport } from "./job/use-wallet-report.ts";
import { type ManualEntriesState, usableEntries } from "./manual-entries/manual-entries-upload.tsx";
import { releaseLoadedReport } from "./result/report-result-loader.ts";
import { ReportResultView } from "./result-view/report-result-view.tsx";

const REPORT_RESULT_ID = "wallet-report-result";

function storedConnection(userId: string | null | undefined): StoredConnection | null {
  try {
    return readStoredConnection(window.localStorage, userId);
  } catch {
    return null;
  }
}

const RUNNING = new Set(["pending", "processing"]);

/** /wallet-report: the tax analysis of a wallet or of all saved wallets (docs/product/tax-report.md). */
export default function WalletReportPage() {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  const wallets = useWallets();
  const savedWallets = wallets.data?.length ?? 0;
  const [connection] = useState(() => storedConnection(userId));
  // Prefilled from the connected wallet when empty.
  const [address, setAddress] = useState(() => connection?.address ?? "");
  // Saved wallets are the default: the form opens on "all my saved wallets" until the user picks a scope.
  const [chosenScope, setScope] = useState<ReportScope | null>(null);
  const scope = shownReportScope(chosenScope, wallets.data?.length);
  const [year, setYear] = useState(() => String(defaultTaxYear()));
  const [manual, setManual] = useState<ManualEntriesState | null>(null);
  const { limited } = useAccess();
  const report = useWalletReport({ listJobs: !limited });
  const { state } = report;
  // The job of the progress widget failed or was deleted: a new analysis may start.
  const [endedJob, setEndedJob] = useState<string | null>(null);
  const busy = isBusy(state, state.phase === "tracking" && state.jobId === endedJob);

  const { inputsChanged, resume } = report;
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      inputsChanged();
    };

  const fillFromJob = useCallback(
    (job: TaxReportJob) => {
      setScope(job.scope);
      if (job.address) setAddress(job.address);
      setYear(String(job.year));
      resume(job);
    },
    [resume],
  );

  // Leaving the page ends the worker that holds the shown report's rows.
  useEffect(() => releaseLoadedReport, []);

  // Back on the page: a job still running is followed again, the last finished report is open again.
  const autoResumed = useRef(false);
  const latest = report.jobs[0];
  useEffect(() => {
    if (autoResumed.current || !report.jobsLoaded) return;
    // Only right after the page opened: later list answers never take over the page.
    autoResumed.current = true;
    const reopen = latest && (RUNNING.has(latest.status) || latest.status === "completed");
    if (reopen && state.phase === "idle") fillFromJob(latest);
  }, [report.jobsLoaded, latest, state.phase, fillFromJob]);

  // A report that finishes while the user waits comes into view (it is below the form).
  const waited = useRef(false);
  useEffect(() => {
    if (state.phase === "tracking" || state.phase === "starting") waited.current = true;
    if (state.phase !== "result" || !waited.current) return;
    waited.current = false;
    document.getElementById(REPORT_RESULT_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [state.phase]);

  const startAnalysis = (mode: AnalysisMode, request: WalletReportRequest) => {
    setEndedJob(null);
    report.start(mode, request);
  };
  const analyse = (mode: AnalysisMode) =>
    startAnalysis(mode, reportRequest(scope, address, year, usableEntries(manual)));

  // The "Offene Punkte" list comes from the year's report over all wallets: its action makes that one.
  const runYearReport = (taxYear: number) => {
    setScope("all");
    setYear(String(taxYear));
    startAnalysis("job", reportRequest("all", "", String(taxYear), usableEntries(manual)));
  };

  const newAnalysis = () => {
    report.reset();
    setAddress("");
    window.scrollTo({ top: 0, behavior: "smooth" });
    requestAnimationFrame(() => document.getElementById(REPORT_ADDRESS_ID)?.focus({ preventScroll: true }));
  };

  const retry = () => {
    if (state.phase === "tracking" || state.phase === "error") {
      if (state.request) startAnalysis("job", state.request);
    }
  };

  const showLatest =
    state.phase === "idle" && latest?.status === "completed" && (latest.scope === "all" || latest.address !== null);

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />

      <ConnectedWalletBanner
        connection={connection}
        inUse={scope === "address" && connection !== null && normalizeAddress(address) === connection.address}
        onUse={(value) => {
          setScope("address");
          setAddress(value);
          inputsChanged();
        }}
      />

      <ReportForm
        address={address}
        onAddressChange={changed((value: string) => {
          setAddress(value);
          setScope("address");
        })}
        scope={scope}
        onScopeChange={changed(setScope)}
        year={year}
        onYearChange={changed(setYear)}
        savedWallets={savedWallets}
        savedWalletsLoading={wallets.isPending}
        manual={manual}
        onManualChange={changed(setManual)}
        signedIn={Boolean(me.data)}
        busy={busy}
        onAnalyse={analyse}
      />

      {showLatest && latest ? (
        <Card className="flex flex-wrap items-center gap-3" data-testid="latest-report">
          <History className="size-5 shrink-0 text-accent" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm">
            {t("latest.text", {
              year: latest.year,
              subject: latest.scope === "all" ? t("result.allWallets") : shortAddress(latest.address ?? ""),
              date: formatDateTime(latest.updated_at, lang),
            })}
          </p>
          <Button variant="secondary" onClick={() => fillFromJob(latest)}>
            {t("latest.show")}
          </Button>
        </Card>
      ) : null}

      {state.phase === "idle" ? (
        <Card className="flex flex-col items-start gap-2" data-testid="report-idle">
          <FileSearch className="size-8 text-accent" aria-hidden="true" />
          <h2 className="text-base font-semibold">{t("idle.title")}</h2>
          <p className="text-sm text-text-muted">{t("idle.text")}</p>
        </Card>
      ) : state.phase === "starting" ? (
        <Card aria-busy="true" data-testid="report-loading">
          <Spinner label={state.mode === "direct" ? t("loading.direct") : t("loading.starting")} className="py-6" />
        </Card>
      ) : state.phase === "tracking" ? (
        <JobProgress
          key={state.jobId}
          jobId={state.jobId}
          onCompleted={report.jobCompleted}
          onEnded={setEndedJob}
          onRetry={retry}
          onCancel={report.cancel}
          onReset={newAnalysis}
        />
      ) : state.phase === "loadingResult" ? (
        <Card aria-busy="true" data-testid="report-loading">
          <Spinner label={t("loading.result")} className="py-6" />
        </Card>
      ) : state.phase === "error" ? (
        <AnalysisErrorBox
          message={state.message}
          onReset={newAnalysis}
          onUseJob={state.request ? () => state.request && startAnalysis("job", state.request) : undefined}
        />
      ) : (
        <div id={REPORT_RESULT_ID} className="scroll-mt-20">
          <ReportResultView
            key={state.run}
            result={state.result}
            jobId={state.jobId}
            onNew={newAnalysis}
            onRunReport={() => runYearReport(state.result.year)}
            openPoints={Boolean(me.data) && !limited}
          />
        </div>
      )}
    </div>
  );
}
