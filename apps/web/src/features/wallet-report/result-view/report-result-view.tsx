import { reportSymbols, type WalletReportResult } from "@pulsemanager/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint } from "../../../components/after-first-paint.tsx";
import { Card } from "../../../components/card.tsx";
import { shortAddress } from "../../../lib/address.ts";
import { ExchangeReconciliationSection } from "../../imports/index.ts";
import { ReportLists } from "../lists/report-lists.tsx";
import { useTaxUnknowns } from "../open-points/open-points-api.ts";
import { OpenPointsSection } from "../open-points/open-points-section.tsx";
import { yearStatusOf } from "../open-points/year-status.ts";
import { YearTile } from "../open-points/year-tile.tsx";
import { AirdropGroupsSection } from "../table/airdrop-groups-section.tsx";
import { ReportActions } from "./report-actions.tsx";
import { ReportWarnings } from "./report-warnings.tsx";
import { SummaryTiles } from "./summary-tiles.tsx";
import { TransactionsSection } from "./transactions-section.tsx";
import { useReportView } from "./use-report-view.ts";
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
  const status = yearStatusOf(result, unknowns.data);
  const symbols = useMemo(() => reportSymbols(result, unknowns.data?.groups ?? []), [result, unknowns.data]);
  const view = useReportView(result);
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
        <ReportActions result={result} jobId={jobId} onNew={onNew} />
      </div>

      {openPoints ? <YearTile status={status} year={result.year} /> : null}
      <ReportWarnings result={result} />
      <SummaryTiles result={result} status={openPoints ? status : null} />
      <TransactionsSection result={result} view={view} />

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
        {result.exchanges?.length ? (
          <ExchangeReconciliationSection exchanges={result.exchanges} year={result.year} />
        ) : null}
        {view.groups.length > 0 ? <AirdropGroupsSection groups={view.groups} rows={view.data.rows} /> : null}
        <ReportLists result={result} />
        <Card className="text-xs text-text-muted">{t("result.disclaimer")}</Card>
      </AfterFirstPaint>
    </div>
  );
}
