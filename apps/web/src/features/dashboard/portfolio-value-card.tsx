import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PATHS } from "../../app/paths.ts";
import { RateNote } from "../currency/rate-note.tsx";
import { useMoney } from "../currency/use-money.ts";
import { usePortfolio } from "../portfolio/portfolio-api.ts";
import { QuickLinkCard } from "./quick-link-card.tsx";

/** The portfolio card: with saved wallets, their total in the user's currency and the rate it was converted at. */
export function PortfolioValueCard() {
  const { t } = useTranslation("dashboard");
  const portfolio = usePortfolio();
  const money = useMoney(portfolio.data?.fx);
  const result = portfolio.data;
  return (
    <QuickLinkCard to={PATHS.portfolio} icon={Wallet} title={t("cards.portfolioTitle")} text={t("cards.portfolioText")}>
      {result && result.walletCount > 0 ? (
        <span className="mt-3 block" data-testid="dashboard-total">
          <span className="block text-xs text-text-muted">{t("cards.portfolioTotal")}</span>
          <span className="tabular block text-xl font-semibold" data-currency={money.currency}>
            {money.format(result.totalValue)}
          </span>
          <RateNote money={money} />
        </span>
      ) : null}
    </QuickLinkCard>
  );
}
