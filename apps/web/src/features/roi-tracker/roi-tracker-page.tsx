import type { RoiResult } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { WhenVisible } from "../../components/when-visible.tsx";
import { formatDateTime } from "../../lib/format-number.ts";
import { PremiumLoadError, type PremiumLoadErrorTexts } from "../subscription/index.ts";
import { NoWalletsCard, useWallets } from "../wallets/index.ts";
import { IncomeChoicesList } from "./income-choices-list.tsx";
import { InvestmentsSection } from "./investments-section.tsx";
import { useRoi } from "./roi-api.ts";
import { RoiCards } from "./roi-cards.tsx";
import { PayoutList, SourceTable } from "./roi-tables.tsx";

const RoiChart = lazy(() => import("./roi-chart.tsx"));

/**
 * The ROI tracker: income from printer and dividend tokens, found on chain over the saved wallets
 * (no configuration): the last 24 hours, 30 days and this year against the §22 Freigrenze, income
 * per day and per month, per paying contract, and every payout of the last 90 days.
 */
export default function RoiTrackerPage() {
  const { t, i18n } = useTranslation("roi");
  const wallets = useWallets();
  const roi = useRoi();
  const noWallets = wallets.isSuccess && wallets.data.length === 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        subtitle={roi.data ? t("subtitle", { time: formatDateTime(roi.data.lastUpdated, i18n.language) }) : t("intro")}
      />
      {noWallets ? (
        <NoWalletsCard
          texts={{ title: t("noWallets.title"), text: t("noWallets.text"), action: t("noWallets.action") }}
          testId="roi-no-wallets"
        />
      ) : roi.isPending ? (
        <Card aria-busy="true">
          <Spinner label={t("loading")} className="py-6" />
        </Card>
      ) : roi.isError ? (
        <PremiumLoadError
          texts={errorTexts(t)}
          error={roi.error}
          onRetry={() => void roi.refetch()}
          actionTestId="roi-error-action"
        />
      ) : (
        <RoiContent roi={roi.data} />
      )}
    </div>
  );
}

function RoiContent({ roi }: { roi: RoiResult }) {
  const { t } = useTranslation("roi");
  const [unit, setUnit] = useState<"day" | "month">("day");
  const empty = roi.bySource.length === 0;
  return (
    <>
      {roi.problems.length > 0 ? <Alert variant="warning" title={t("problems")} /> : null}
      <RoiCards roi={roi} />
      <Card>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">{t("chart.title")}</h2>
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t("chart.unit")}</legend>
            {(["day", "month"] as const).map((u) => (
              <button
                key={u}
                type="button"
                aria-pressed={unit === u}
                onClick={() => setUnit(u)}
                className="rounded-md px-3 py-1 text-sm aria-pressed:bg-accent/15 aria-pressed:text-accent"
              >
                {t(u === "day" ? "chart.perDay" : "chart.perMonth")}
              </button>
            ))}
          </fieldset>
        </div>
        <WhenVisible fallback={<div className="h-64" />}>
          <RoiChart points={unit === "day" ? roi.byDay : roi.byMonth} unit={unit} />
        </WhenVisible>
      </Card>
      <Card>
        <h2 className="mb-1 text-base font-semibold">{t("sources.title")}</h2>
        <p className="mb-3 text-xs text-text-muted">{t("sources.hint")}</p>
        {empty ? (
          <p className="text-sm text-text-muted">{t("sources.empty")}</p>
        ) : (
          <SourceTable sources={roi.bySource} />
        )}
        <IncomeChoicesList />
      </Card>
      <Card>
        <h2 className="mb-1 text-base font-semibold">{t("payouts.title")}</h2>
        <p className="mb-3 text-xs text-text-muted">
          {t("payouts.hint")}
          {roi.unpriced > 0 ? ` ${t("payouts.unpriced", { count: roi.unpriced })}` : ""}
          {roi.roiTransactionCount > roi.roiTransactions.length
            ? ` ${t("payouts.newest", { shown: roi.roiTransactions.length, count: roi.roiTransactionCount })}`
            : ""}
        </p>
        {roi.roiTransactions.length === 0 ? (
          <p className="text-sm text-text-muted" data-testid="roi-payouts-empty">
            {t("payouts.empty")}
          </p>
        ) : (
          <PayoutList payouts={roi.roiTransactions} />
        )}
      </Card>
      <InvestmentsSection />
    </>
  );
}

/** The page's words for a failed load (PremiumLoadError). */
function errorTexts(t: TFunction): PremiumLoadErrorTexts {
  return { title: t("error.title"), premium: t("error.premium"), upgrade: t("error.upgrade"), retry: t("error.retry") };
}
