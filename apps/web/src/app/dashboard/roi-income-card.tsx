import { HandCoins } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useRoi } from "../../features/roi-tracker/index.ts";
import { formatFixed } from "../../lib/format-number.ts";
import { PATHS } from "../../lib/paths.ts";
import { useDisplayCurrency } from "../../state/currency/index.ts";
import { QuickLinkCard } from "./quick-link-card.tsx";

/** ROI income of the last 24 hours and 30 days (the ROI tracker's figures), in the user's currency. */
export function RoiIncomeCard() {
  const { t, i18n } = useTranslation("dashboard");
  const roi = useRoi();
  const { wanted } = useDisplayCurrency();
  const currency = wanted === "EUR" ? "EUR" : "USD";
  const pick = (m: { usd: string; eur: string }) =>
    formatFixed(currency === "EUR" ? m.eur : m.usd, i18n.language, { decimals: 2, currency });
  return (
    <QuickLinkCard to={PATHS.roiTracker} icon={HandCoins} title={t("roi.title")} text={t("roi.text")}>
      {roi.data ? (
        <span className="mt-3 grid grid-cols-2 gap-2" data-testid="dashboard-roi">
          <span>
            <span className="block text-xs text-text-muted">{t("roi.day")}</span>
            <span className="tabular block text-lg font-semibold">{pick(roi.data.dailyROI)}</span>
          </span>
          <span>
            <span className="block text-xs text-text-muted">{t("roi.month")}</span>
            <span className="tabular block text-lg font-semibold">{pick(roi.data.monthlyROI)}</span>
          </span>
        </span>
      ) : null}
    </QuickLinkCard>
  );
}
