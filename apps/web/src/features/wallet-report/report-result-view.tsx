import type { WalletReportResult } from "@pulsemanager/core";
import { Inbox } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { shortAddress } from "../../lib/address.ts";
import { FilterTabs, TABLE_PANEL_ID, tabId } from "./filter-tabs.tsx";
import { ReportActions } from "./report-actions.tsx";
import { filterCounts, filterIndexes, type ReportFilter } from "./report-filters.ts";
import { ReportLists } from "./report-lists.tsx";
import { ReportWarnings } from "./report-warnings.tsx";
import { SummaryTiles } from "./summary-tiles.tsx";
import { TransactionTable } from "./transaction-table.tsx";
import { YearFiguresCard } from "./year-figures-card.tsx";

/**
 * The result view (spec 02 §2): summary tiles, the filter tabs, the transaction table, 'Neue Analyse'
 * and 'Exportieren'; plus the year's figures, the open holdings and the lists of what is unknown.
 * Mount with a key per result: the filter starts at 'alle'.
 */
export function ReportResultView({ result, onNew }: { result: WalletReportResult; onNew: () => void }) {
  const { t } = useTranslation("wallet-report");
  const [filter, setFilter] = useState<ReportFilter>("alle");
  // Once per result: every tab's row indexes in one pass.
  const indexes = useMemo(() => filterIndexes(result.transactions), [result.transactions]);
  const counts = useMemo(() => filterCounts(indexes), [indexes]);
  const active = indexes[filter];
  const subject = result.address === "all" ? t("result.allWallets") : shortAddress(result.address);

  return (
    <div className="space-y-6" data-testid="report-result">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{t("result.title", { year: result.year })}</h2>
          <p className="text-sm text-text-muted">
            <span className={result.address === "all" ? undefined : "font-mono"} title={result.address}>
              {subject}
            </span>
          </p>
        </div>
        <ReportActions result={result} onNew={onNew} />
      </div>

      <ReportWarnings result={result} />
      <SummaryTiles result={result} />

      <section className="rounded-lg border border-border bg-surface-raised" aria-labelledby="wallet-report-tx-title">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4 sm:px-6">
          <h2 id="wallet-report-tx-title" className="text-base font-semibold">
            {t("table.title")}
          </h2>
          <p className="text-xs text-text-muted">{t("table.hint")}</p>
        </div>
        {result.transactions.length === 0 ? (
          <div className="flex flex-col items-start gap-2 p-4 sm:p-6" data-testid="report-empty">
            <Inbox className="size-8 text-accent" aria-hidden="true" />
            <p className="font-medium">{t("result.emptyTitle", { year: result.year })}</p>
            <p className="text-sm text-text-muted">{t("result.emptyText")}</p>
          </div>
        ) : (
          <>
            <div className="mt-2">
              <FilterTabs active={filter} counts={counts} onChange={setFilter} />
            </div>
            <div id={TABLE_PANEL_ID} role="tabpanel" aria-labelledby={tabId(filter)}>
              {active.length === 0 ? (
                <p className="p-4 text-sm text-text-muted sm:p-6" data-testid="filter-empty">
                  {t("table.filterEmpty")}
                </p>
              ) : (
                <TransactionTable
                  rows={result.transactions}
                  indexes={active}
                  filterKey={filter}
                  label={t("table.label", { filter: t(`filters.${filter}`) })}
                />
              )}
            </div>
          </>
        )}
      </section>

      <YearFiguresCard result={result} />
      <ReportLists result={result} />
      <Card className="text-xs text-text-muted">{t("result.disclaimer")}</Card>
    </div>
  );
}
