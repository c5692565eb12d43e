import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { usePortfolioHistory, usePortfolioSummary } from "../../features/portfolio/index.ts";
import { cn } from "../../lib/cn.ts";
import { formatPercent } from "../../lib/format-number.ts";
import { PATHS } from "../../lib/paths.ts";
import { RateNote, useMoney } from "../../state/currency/index.ts";
import { dayChange } from "./day-change.ts";
import { QuickLinkCard } from "./quick-link-card.tsx";

/** The portfolio card: with saved wallets, their total in the user's currency and the rate it was converted at. */
export function PortfolioValueCard() {
  const { t, i18n } = useTranslation("dashboard");
  // The total and the counts only: not the thousands of token rows the portfolio page lists.
  const portfolio = usePortfolioSummary();
  const money = useMoney(portfolio.data?.fx);
  const result = portfolio.data;
  const history = usePortfolioHistory(Boolean(result && result.walletCount > 0));
  const today = new Date().toISOString().slice(0, 10);
  const change = result && history.data ? dayChange(result.totalValue, history.data, today) : null;
  return (
    <QuickLinkCard to={PATHS.portfolio} icon={Wallet} title={t("cards.portfolioTitle")} text={t("cards.portfolioText")}>
      {portfolio.isPending ? <TotalPlaceholder /> : null}
      {result && result.walletCount > 0 ? (
        <span className="mt-3 block" data-testid="dashboard-total">
          <span className="block text-xs text-text-muted">{t("cards.portfolioTotal")}</span>
          <span className="tabular block text-xl font-semibold" data-currency={money.currency}>
            {money.format(result.totalValue)}
          </span>
          {change ? (
            <span
              className={cn(
                "tabular block text-sm",
                change.absolute.startsWith("-") ? "text-negative" : /[1-9]/.test(change.absolute) && "text-positive",
              )}
              data-testid="dashboard-change"
            >
              {t("cards.change", {
                value: `${change.absolute.startsWith("-") ? "" : "+"}${money.format(change.absolute)}`,
                percent:
                  change.percent === null
                    ? ""
                    : ` (${change.absolute.startsWith("-") ? "" : "+"}${formatPercent(change.percent, i18n.language)})`,
              })}
            </span>
          ) : history.isPending ? (
            <PlaceholderLine size="text-sm" width="w-24" />
          ) : null}
          <span className="block text-xs text-text-muted">{t("cards.wallets", { count: result.walletCount })}</span>
          <RateNote money={money} />
        </span>
      ) : null}
    </QuickLinkCard>
  );
}

/** One line of a figure while it loads, as tall as the line it stands for. */
function PlaceholderLine({ size, width }: { size: string; width: string }) {
  return (
    <span className={cn("block", size)} aria-hidden="true">
      <span className={cn("inline-block h-[0.8em] animate-pulse rounded bg-surface-sunken align-middle", width)} />
    </span>
  );
}

/** The total's lines while the portfolio loads: the card has its final height, nothing below it moves. */
function TotalPlaceholder() {
  return (
    <span className="mt-3 block" data-testid="dashboard-total-loading">
      <PlaceholderLine size="text-xs" width="w-20" />
      <PlaceholderLine size="text-xl" width="w-36" />
      <PlaceholderLine size="text-sm" width="w-24" />
      <PlaceholderLine size="text-xs" width="w-16" />
      <PlaceholderLine size="text-xs" width="w-40" />
    </span>
  );
}
