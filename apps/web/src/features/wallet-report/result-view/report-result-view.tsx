import { reportSymbols, type WalletReportResult } from "@pulsemanager/core";
import { Inbox } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint } from "../../../components/after-first-paint.tsx";
import { Card } from "../../../components/card.tsx";
import { shortAddress } from "../../../lib/address.ts";
import { ReportLists } from "../lists/report-lists.tsx";
import { useTaxUnknowns } from "../open-points/open-points-api.ts";
import { OpenPointsSection } from "../open-points/open-points-section.tsx";
import { yearStatusOf } from "../open-points/year-status.ts";
import { YearTile } from "../open-points/year-tile.tsx";
import { reportDataOf } from "../result/report-data.ts";
import { completenessOf } from "../result/report-figures.ts";
import { filterCounts, type ReportFilter, viewOf } from "../result/report-filters.ts";
import { type ReportSort, sortedOrder } from "../result/report-sort.ts";
import { AirdropGroupsSection } from "../table/airdrop-groups-section.tsx";
import { FilterTabs, TABLE_PANEL_ID, tabId } from "../table/filter-tabs.tsx";
import { TableToolbar } from "../table/table-toolbar.tsx";
import { TABLE_HEIGHT, TransactionTable } from "../table/transaction-table.tsx";
import { useSearchMask } from "../table/use-search-mask.ts";
import { emptyYearSentences } from "./figure-texts.ts";
import { ReportActions } from "./report-actions.tsx";
import { ReportWarnings } from "./report-warnings.tsx";
import { SummaryTiles } from "./summary-tiles.tsx";
import { YearFiguresCard } from "./year-figures-card.tsx";

interface ReportResultViewProps {
  result: WalletReportResult;
  /** The stored report's id (null for a direct analysis): its package for the tax advisor. */
  jobId: string | null;
  onNew: () => void;
  /** Runs the all-wallets report of the result's year again (the page's start action). */
  onRunReport: () => void;
  /** The "Offene Punkte" section and the year's state (signed in, with reports in the plan). */
  openPoints: boolean;
}

/**
 * The result view: summary tiles, search, sort, "hide unpriced airdrops", the filter tabs, the
 * transaction table, 'Neue Analyse' and 'Exportieren'; "Offene Punkte" with the user's answers; plus
 * the year's figures, the unpriced airdrops per token, the open holdings and the lists of what is
 * unknown. Mount with a key per result: the view starts at 'alle', by date.
 */
export function ReportResultView({ result, jobId, onNew, onRunReport, openPoints }: ReportResultViewProps) {
  const { t } = useTranslation("wallet-report");
  const unknowns = useTaxUnknowns(result.year, openPoints);
  const completeness = completenessOf(result);
  const status = yearStatusOf(result, unknowns.data);
  const symbols = useMemo(() => reportSymbols(result, unknowns.data?.groups ?? []), [result, unknowns.data]);
  const [filter, setFilter] = useState<ReportFilter>("alle");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ReportSort>("date-asc");
  const [hideAirdrops, setHideAirdrops] = useState(true);
  // Once per result (in the worker for a loaded one): every row's tabs and airdrop flag, the sort
  // orders, the airdrops per token.
  const data = useMemo(() => reportDataOf(result), [result]);
  const { rows, derived } = data;
  const { flags, airdrops: groups } = derived;
  const mask = useSearchMask(data, search);
  const airdrops = useMemo(() => groups.reduce((n, g) => n + g.rows.length, 0), [groups]);
  const order = useMemo(() => sortedOrder(derived.orders, rows.length, sort), [derived, rows.length, sort]);
  const counts = useMemo(() => filterCounts(flags, { hideAirdrops, mask }), [flags, hideAirdrops, mask]);
  const active = useMemo(
    () => viewOf(flags, { filter, hideAirdrops, mask, order }),
    [flags, filter, hideAirdrops, mask, order],
  );
  const query = mask ? search.trim() : "";
  const viewKey = `${filter}|${sort}|${hideAirdrops}|${query}`;
  const subject = result.address === "all" ? t("result.allWallets") : shortAddress(result.address);
  const empty = emptyYearSentences(t, completeness, result.year);

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
        <ReportActions result={result} jobId={jobId} onNew={onNew} />
      </div>

      {openPoints ? <YearTile status={status} year={result.year} /> : null}
      <ReportWarnings result={result} />
      <SummaryTiles result={result} status={openPoints ? status : null} />

      <section className="rounded-lg border border-border bg-surface-raised" aria-labelledby="wallet-report-tx-title">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4 sm:px-6">
          <h2 id="wallet-report-tx-title" className="text-base font-semibold">
            {t("table.title")}
          </h2>
          <p className="text-xs text-text-muted">{t("table.hint")}</p>
        </div>
        {rows.length === 0 ? (
          <div className="flex flex-col items-start gap-2 p-4 sm:p-6" data-testid="report-empty">
            <Inbox className="size-8 text-accent" aria-hidden="true" />
            <p className="font-medium">{empty.title}</p>
            <p className="text-sm text-text-muted">{empty.text}</p>
          </div>
        ) : (
          <>
            <TableToolbar
              search={search}
              onSearch={setSearch}
              sort={sort}
              onSort={setSort}
              hideAirdrops={hideAirdrops}
              onHideAirdrops={setHideAirdrops}
              airdrops={airdrops}
            />
            <div className="mt-2">
              <FilterTabs active={filter} counts={counts} onChange={setFilter} />
            </div>
            <div id={TABLE_PANEL_ID} role="tabpanel" aria-labelledby={tabId(filter)}>
              {active.length === 0 ? (
                <p className="p-4 text-sm text-text-muted sm:p-6" data-testid="filter-empty">
                  {query.trim() ? t("table.searchEmpty", { query: query.trim() }) : t("table.filterEmpty")}
                </p>
              ) : (
                <AfterFirstPaint fallback={<div className={TABLE_HEIGHT} />}>
                  <TransactionTable
                    rows={rows}
                    indexes={active}
                    filterKey={viewKey}
                    label={t("table.label", { filter: t(`filters.${filter}`) })}
                    lotLines={data.lotLines}
                  />
                </AfterFirstPaint>
              )}
            </div>
          </>
        )}
      </section>

      {openPoints ? (
        <OpenPointsSection
          year={result.year}
          unknowns={unknowns}
          status={status}
          symbols={symbols}
          onRunReport={onRunReport}
        />
      ) : null}

      <AfterFirstPaint>
        <YearFiguresCard result={result} />
        {groups.length > 0 ? <AirdropGroupsSection groups={groups} rows={rows} /> : null}
        <ReportLists result={result} />
        <Card className="text-xs text-text-muted">{t("result.disclaimer")}</Card>
      </AfterFirstPaint>
    </div>
  );
}
