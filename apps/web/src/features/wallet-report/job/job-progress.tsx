import { CircleAlert, Radio, RotateCcw, Trash2, WifiOff } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Card } from "../../../components/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { type JobTracking, jobPercent, jobPhase, jobStepKey, syncLoadedOf } from "./job-tracking.ts";
import { useReportJob } from "./use-report-job.ts";

interface JobProgressProps {
  jobId: string;
  onCompleted: () => void;
  /** The job failed or was deleted: the page may start another analysis. */
  onEnded: (jobId: string) => void;
  onRetry: () => void;
  onCancel: () => void;
  onReset: () => void;
}

/**
 * The progress widget: a bar with the percentage and batch counts, the step in words,
 * the live indicator ('Live-Updates aktiv' / 'Verbindung verloren'); a failed job shows its error with
 * a retry button that starts the same analysis again; a deleted job says so. Mount with key={jobId}.
 */
export function JobProgress({ jobId, onCompleted, onEnded, onRetry, onCancel, onReset }: JobProgressProps) {
  const tracking = useReportJob(jobId);
  const phase = jobPhase(tracking);

  useEffect(() => {
    if (phase === "completed") onCompleted();
    else if (phase === "failed" || phase === "deleted") onEnded(jobId);
  }, [phase, jobId, onCompleted, onEnded]);

  if (phase === "failed" || phase === "deleted") {
    return <JobEnded tracking={tracking} onRetry={onRetry} onReset={onReset} />;
  }
  return <JobRunning tracking={tracking} onCancel={onCancel} />;
}

function JobRunning({ tracking, onCancel }: { tracking: JobTracking; onCancel: () => void }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const percent = jobPercent(tracking);
  const job = tracking.job;
  const stepText = t(jobStepKey(tracking));
  const synced = syncLoadedOf(job);
  return (
    <Card aria-labelledby="wallet-report-progress-title" data-testid="report-progress">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="wallet-report-progress-title" className="text-base font-semibold">
            {t("job.title")}
          </h2>
          <p className="mt-0.5 text-sm text-text-muted" role="status" aria-live="polite">
            {stepText}
          </p>
          {synced ? (
            <p className="tabular mt-0.5 text-sm" data-testid="report-sync-loaded">
              {synced.expected === null
                ? t("job.syncLoadedUnknown", { loaded: formatInteger(synced.loaded, lang) })
                : t("job.syncLoaded", {
                    loaded: formatInteger(synced.loaded, lang),
                    expected: formatInteger(synced.expected, lang),
                  })}
            </p>
          ) : null}
        </div>
        <LiveIndicator tracking={tracking} />
      </div>

      <div className="mt-4 space-y-1">
        <div
          role="progressbar"
          aria-label={t("job.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent} % · ${stepText}`}
          className="h-2.5 overflow-hidden rounded-full bg-surface-sunken"
        >
          <div
            className="h-full rounded-full bg-gradient-pulse transition-[width] duration-500"
            style={{ width: `${Math.max(percent, 2)}%` }}
          />
        </div>
        <div className="tabular flex flex-wrap justify-between gap-2 text-xs text-text-muted">
          <span data-testid="report-progress-percent">{percent} %</span>
          {job && job.total_batches > 0 ? (
            <span>
              {t("job.batches", {
                processed: formatInteger(job.processed_batches, lang),
                total: formatInteger(job.total_batches, lang),
              })}
            </span>
          ) : null}
        </div>
      </div>

      {tracking.pollError ? (
        <p className="mt-3 text-xs text-warning" data-testid="job-poll-error">
          {t("job.fetchFailed", { reason: t(tracking.pollError.key, tracking.pollError.values) })}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-text-muted">{t("job.keepOpen")}</p>
        <Button variant="ghost" onClick={onCancel}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t("job.cancel")}
        </Button>
      </div>
    </Card>
  );
}

function LiveIndicator({ tracking }: { tracking: JobTracking }) {
  const { t } = useTranslation("wallet-report");
  const open = tracking.live === "open";
  const lost = tracking.live === "lost";
  return (
    <div className="text-right" data-testid="live-indicator" data-live={tracking.live}>
      <span
        className={cn(
          "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium",
          open && "border-positive/40 text-positive",
          lost && "border-warning/50 text-warning",
          !open && !lost && "border-border text-text-muted",
        )}
      >
        {lost ? (
          <WifiOff className="size-3.5" aria-hidden="true" />
        ) : (
          <Radio className={cn("size-3.5", open && "animate-pulse")} aria-hidden="true" />
        )}
        {open ? t("job.live") : lost ? t("job.lost") : t("job.connecting")}
      </span>
      {lost ? (
        <p className="mt-1 max-w-56 text-[11px] leading-4 text-text-muted">
          {tracking.everOpen ? t("job.lostHint") : t("job.realtimeFailed")}
        </p>
      ) : null}
    </div>
  );
}

function JobEnded({ tracking, onRetry, onReset }: { tracking: JobTracking; onRetry: () => void; onReset: () => void }) {
  const { t } = useTranslation("wallet-report");
  const deleted = tracking.deleted;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-negative/40 bg-negative/10 p-4 text-sm"
      data-testid="report-job-ended"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-negative" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{deleted ? t("job.deleted") : t("job.failed")}</p>
        {!deleted && tracking.job?.error ? (
          <p className="break-words text-text" data-testid="report-job-error">
            {tracking.job.error}
          </p>
        ) : null}
        {deleted ? <p className="text-text-muted">{t("job.deletedHint")}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onRetry}>
          <RotateCcw className="size-4" aria-hidden="true" />
          {t("job.retry")}
        </Button>
        <Button variant="ghost" onClick={onReset}>
          {t("actions.reset")}
        </Button>
      </div>
    </div>
  );
}
