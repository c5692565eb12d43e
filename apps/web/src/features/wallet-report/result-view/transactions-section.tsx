import type { WalletReportResult } from "@pulsemanager/core";
import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint } from "../../../components/after-first-paint.tsx";
import { completenessOf } from "../result/report-figures.ts";
import { FilterTabs, TABLE_PANEL_ID, tabId } from "../table/filter-tabs.tsx";
import { TableToolbar } from "../table/table-toolbar.tsx";
import { TABLE_HEIGHT, TransactionTable } from "../table/transaction-table.tsx";
import { emptyYearSentences } from "./figure-texts.ts";
import type { ReportView } from "./use-report-view.ts";

/** The transactions: toolbar, filter tabs and the table, or why the year has none. */
export function TransactionsSection({ result, view }: { result: WalletReportResult; view: ReportView }) {
  const { t } = useTranslation("wallet-report");
  const { rows } = view.data;
  return (
    <section className="rounded-lg border border-border bg-surface-raised" aria-labelledby="wallet-report-tx-title">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4 sm:px-6">
        <h2 id="wallet-report-tx-title" className="text-base font-semibold">
          {t("table.title")}
        </h2>
        <p className="text-xs text-text-muted">{t("table.hint")}</p>
      </div>
      {rows.length === 0 ? <EmptyYear result={result} /> : <FilteredTable view={view} />}
    </section>
  );
}

function EmptyYear({ result }: { result: WalletReportResult }) {
  const { t } = useTranslation("wallet-report");
  const empty = emptyYearSentences(t, completenessOf(result), result.year);
  return (
    <div className="flex flex-col items-start gap-2 p-4 sm:p-6" data-testid="report-empty">
      <Inbox className="size-8 text-accent" aria-hidden="true" />
      <p className="font-medium">{empty.title}</p>
      <p className="text-sm text-text-muted">{empty.text}</p>
    </div>
  );
}

function FilteredTable({ view }: { view: ReportView }) {
  const { t } = useTranslation("wallet-report");
  const { choice, active, query } = view;
  return (
    <>
      <TableToolbar
        search={choice.search}
        onSearch={choice.setSearch}
        sort={choice.sort}
        onSort={choice.setSort}
        hideAirdrops={choice.hideAirdrops}
        onHideAirdrops={choice.setHideAirdrops}
        airdrops={view.airdrops}
      />
      <div className="mt-2">
        <FilterTabs active={choice.filter} counts={view.counts} onChange={choice.setFilter} />
      </div>
      <div id={TABLE_PANEL_ID} role="tabpanel" aria-labelledby={tabId(choice.filter)}>
        {active.length === 0 ? (
          <p className="p-4 text-sm text-text-muted sm:p-6" data-testid="filter-empty">
            {query.trim() ? t("table.searchEmpty", { query: query.trim() }) : t("table.filterEmpty")}
          </p>
        ) : (
          <AfterFirstPaint fallback={<div className={TABLE_HEIGHT} />}>
            <TransactionTable
              rows={view.data.rows}
              indexes={active}
              filterKey={view.viewKey}
              label={t("table.label", { filter: t(`filters.${choice.filter}`) })}
              lotLines={view.data.lotLines}
            />
          </AfterFirstPaint>
        )}
      </div>
    </>
  );
}
