import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { lastReportQueryOptions } from "../../features/wallet-report/index.ts";
import { formatDateTime } from "../../lib/format-number.ts";
import { PATHS } from "../../lib/paths.ts";
import { QuickLinkCard } from "./quick-link-card.tsx";

/** The tax report card: the last report with its year and state, or the way to the first one. */
export function LastReportCard() {
  const { t, i18n } = useTranslation("dashboard");
  // The newest job only, without the report's schemas and reader (the report page loads those).
  const last = useQuery(lastReportQueryOptions).data;
  return (
    <QuickLinkCard
      to={PATHS.walletReport}
      icon={FileText}
      title={t("cards.walletReportTitle")}
      text={t("cards.walletReportText")}
    >
      {last ? (
        <span className="mt-3 block text-sm" data-testid="dashboard-last-report">
          <span className="block text-xs text-text-muted">{t("report.last")}</span>
          <span className="block font-medium">
            {t("report.line", { year: last.year, state: t(`report.state.${last.status}`) })}
          </span>
          <span className="block text-xs text-text-muted">{formatDateTime(last.updated_at, i18n.language)}</span>
        </span>
      ) : null}
    </QuickLinkCard>
  );
}
