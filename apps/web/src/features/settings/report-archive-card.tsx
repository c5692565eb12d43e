import { type TaxReportJob, taxReportJobSchema } from "@pulsemanager/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Card } from "../../components/card.tsx";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-number.ts";
import { REPORT_ARCHIVE_QUERY_KEY } from "../../lib/query-keys.ts";
import { useUpdateUserSettings, useUserSettings } from "../../state/user-settings/index.ts";

const archiveListSchema = z.object({ archives: z.array(taxReportJobSchema) });

/** GET /api/wallet-report-archive: the monthly archive (a Basic user gets none: the list stays empty). */
function useReportArchive(enabled: boolean) {
  return useQuery({
    queryKey: REPORT_ARCHIVE_QUERY_KEY,
    queryFn: async () => archiveListSchema.parse(await api<unknown>("/api/wallet-report-archive")).archives,
    enabled,
    retry: false,
  });
}

/** "Dezember 2026" / "December 2026" from "2026-12". */
function monthName(month: string, lang: string): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "de-DE", { month: "long", year: "numeric" }).format(date);
}

/**
 * "Bericht monatlich sichern": on the first of each month the year's report of all wallets is made and
 * kept (the newest 12), each with its package for the tax advisor.
 */
export function ReportArchiveCard() {
  const { t } = useTranslation("settings");
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const [saved, setSaved] = useState(false);
  const on = settings.data?.monthlyArchive ?? false;
  const archive = useReportArchive(on);
  const toggle = (monthlyArchive: boolean) => {
    setSaved(false);
    update.mutate({ monthlyArchive }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Card aria-labelledby="report-archive-title" data-testid="report-archive">
      <h2 id="report-archive-title" className="font-semibold">
        {t("archive.title")}
      </h2>
      <p className="mt-1 text-sm text-text-muted">{t("archive.intro")}</p>
      <label className="mt-4 flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          checked={on}
          disabled={settings.isPending}
          onChange={(e) => toggle(e.target.checked)}
          className="size-4 accent-[var(--accent)]"
          data-testid="report-archive-toggle"
        />
        <span className="font-medium">{t("archive.toggle")}</span>
      </label>
      <p className="mt-2 min-h-5 text-xs" aria-live="polite">
        {update.isError ? (
          <span className="text-negative">{t("archive.failed")}</span>
        ) : saved ? (
          <span className="text-positive">{t(on ? "archive.savedOn" : "archive.savedOff")}</span>
        ) : null}
      </p>
      {on && archive.data ? <ArchiveList archives={archive.data} /> : null}
    </Card>
  );
}

function ArchiveList({ archives }: { archives: readonly TaxReportJob[] }) {
  const { t, i18n } = useTranslation("settings");
  const lang = i18n.language;
  if (archives.length === 0) return <p className="text-sm text-text-muted">{t("archive.empty")}</p>;
  return (
    <ul className="divide-y divide-border text-sm" data-testid="report-archive-list">
      {archives.map((job) => (
        <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            <span className="font-medium">{monthName(job.archive_month ?? "", lang)}</span>
            <span className="text-text-muted">
              {" "}
              · {t("archive.year", { year: job.year })} · {formatDateTime(job.created_at, lang)}
            </span>
          </span>
          {job.status === "completed" ? (
            <a
              className="font-medium text-accent hover:underline"
              href={`/api/wallet-report/${job.id}/package`}
              download
            >
              {t("archive.download")}
            </a>
          ) : (
            <span className="text-text-muted">{t(`archive.status.${job.status}`)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
