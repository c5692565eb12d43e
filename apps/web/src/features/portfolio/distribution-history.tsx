import type { PortfolioResult } from "@pulsemanager/core";
import { lazy, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { TokenIcon } from "../../components/token-icon.tsx";
import { WhenVisible } from "../../components/when-visible.tsx";
import { shortChainName } from "../../lib/address.ts";
import { formatPercent } from "../../lib/format-number.ts";
import { useMoney } from "../../state/currency/index.ts";
import { distributionOf, isPositionSlice } from "./distribution.ts";
import { usePortfolioHistory } from "./portfolio-api.ts";

const DistributionDonut = lazy(() => import("./charts.tsx"));
const ValueChart = lazy(() => import("./charts.tsx").then((m) => ({ default: m.ValueChart })));

type Distribution = ReturnType<typeof distributionOf>;

/** The distribution of the value (list and donut) and the value over time. */
export function DistributionAndHistory({
  result,
  hidden,
  hiddenCount,
}: {
  result: PortfolioResult;
  hidden: Set<string>;
  hiddenCount: number;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <DistributionCard result={result} hidden={hidden} hiddenCount={hiddenCount} />
      <HistoryCard />
    </div>
  );
}

function DistributionCard({
  result,
  hidden,
  hiddenCount,
}: {
  result: PortfolioResult;
  hidden: Set<string>;
  hiddenCount: number;
}) {
  const { t } = useTranslation("portfolio");
  const money = useMoney(result.fx);
  const distribution = useMemo(
    () =>
      distributionOf(result.tokens, hidden, undefined, {
        totals: result.positionTotals,
        totalValue: result.totalValue,
        labels: {
          liquidity: { symbol: t("distribution.liquidity"), name: t("distribution.liquidityName") },
          staked: { symbol: t("distribution.staked"), name: t("distribution.stakedName") },
        },
      }),
    [result.tokens, result.positionTotals, result.totalValue, hidden, t],
  );
  return (
    <Card aria-labelledby="distribution-title" data-testid="distribution">
      <h2 id="distribution-title" className="mb-3 text-base font-semibold">
        {t("distribution.title")}
      </h2>
      {distribution.entries.length === 0 ? (
        <p className="text-sm text-text-muted">{t("distribution.empty")}</p>
      ) : (
        <div className="grid items-center gap-4 sm:grid-cols-[12rem_1fr]">
          <WhenVisible fallback={<div className="h-52 animate-pulse rounded-full bg-surface-sunken" />}>
            <DistributionDonut entries={distribution.entries} rest={distribution.rest} format={money.format} />
          </WhenVisible>
          <DistributionList distribution={distribution} money={money} />
        </div>
      )}
      {hiddenCount > 0 ? <p className="mt-3 text-xs text-text-muted">{t("distribution.hiddenNote")}</p> : null}
    </Card>
  );
}

/** The slices as a list beside the donut. */
function DistributionList({ distribution, money }: { distribution: Distribution; money: ReturnType<typeof useMoney> }) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  // The same symbol on both chains (DAI on Ethereum and bridged on PulseChain) names its chain.
  const duplicated = useMemo(() => {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const e of distribution.entries) (seen.has(e.symbol) ? twice : seen).add(e.symbol);
    return twice;
  }, [distribution.entries]);
  return (
    <ol className="min-w-0 space-y-1.5 text-sm">
      {distribution.entries.map((entry) => (
        <li key={entry.id} className="flex items-center gap-2" data-testid="distribution-item">
          <TokenIcon symbol={entry.symbol} address={entry.contractAddress} className="size-6 text-[9px]" />
          <span className="min-w-0 flex-1">
            <span className="block truncate">{entry.symbol}</span>
            {isPositionSlice(entry) || duplicated.has(entry.symbol) ? (
              <span className="block truncate text-[11px] leading-3 text-text-muted">
                {isPositionSlice(entry) ? entry.name : shortChainName(entry.chainId)}
              </span>
            ) : null}
          </span>
          <span className="tabular text-text-muted">{money.format(entry.value)}</span>
          <span className="tabular w-16 text-right font-medium">{formatPercent(entry.percentage, lang)}</span>
        </li>
      ))}
      {distribution.rest ? (
        <li className="flex items-center gap-2 text-text-muted">
          <span className="size-6 shrink-0 rounded-full bg-border" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">{t("distribution.rest")}</span>
          <span className="tabular">{money.format(distribution.rest.value)}</span>
          <span className="tabular w-16 text-right">{formatPercent(distribution.rest.percentage, lang)}</span>
        </li>
      ) : null}
    </ol>
  );
}

function HistoryCard() {
  const { t } = useTranslation("portfolio");
  const history = usePortfolioHistory(true);
  return (
    <Card aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title" className="mb-3 text-base font-semibold">
        {t("history.title")}
      </h2>
      {history.isPending ? (
        <div className="h-56 animate-pulse rounded-lg bg-surface-sunken" />
      ) : history.isError ? (
        <p className="text-sm text-text-muted">{t("history.failed")}</p>
      ) : history.data.length < 2 ? (
        <p className="text-sm text-text-muted" data-testid="history-empty">
          {t("history.empty")}
        </p>
      ) : (
        <WhenVisible fallback={<div className="h-56 animate-pulse rounded-lg bg-surface-sunken" />}>
          <ValueChart snapshots={history.data} />
        </WhenVisible>
      )}
    </Card>
  );
}
