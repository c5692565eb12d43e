import type { WalletReportResult } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { shortChainName } from "../../lib/address.ts";
import { openSection } from "./collapsible-section.tsx";
import { completenessOf } from "./report-figures.ts";

export const MISSING_PRICES_ID = "wallet-report-missing-prices";
export const UNKNOWN_COSTS_ID = "wallet-report-unknown-costs";

/** Missing prices and unknown costs are said clearly, never shown as 0 (core tax README "Valuation"). */
export function ReportWarnings({ result }: { result: WalletReportResult }) {
  const { t } = useTranslation("wallet-report");
  const c = completenessOf(result);
  if (!c.incomplete) return null;
  return (
    <div className="space-y-2" data-testid="report-warnings">
      {c.incompleteChains.length > 0 ? (
        <Alert variant="warning" title={t("warnings.chainsTitle")}>
          {t("warnings.chains", { chains: c.incompleteChains.map((id) => shortChainName(id)).join(", ") })}
        </Alert>
      ) : null}
      {c.missingPrices > 0 ? (
        <Alert variant="warning" title={t("warnings.missingPricesTitle", { count: c.missingPrices })}>
          {t("warnings.missingPrices")} <ShowListLink target={MISSING_PRICES_ID} />
        </Alert>
      ) : null}
      {c.unknownCosts > 0 || c.unknownGains > 0 ? (
        <Alert
          variant="warning"
          title={t("warnings.unknownCostsTitle", { count: Math.max(c.unknownCosts, c.unknownGains) })}
        >
          {t("warnings.unknownCosts")} {c.unknownCosts > 0 ? <ShowListLink target={UNKNOWN_COSTS_ID} /> : null}
        </Alert>
      ) : null}
    </div>
  );
}

function ShowListLink({ target }: { target: string }) {
  const { t } = useTranslation("wallet-report");
  return (
    <a
      href={`#${target}`}
      className="font-medium text-accent hover:underline"
      onClick={(event) => {
        event.preventDefault();
        openSection(target);
      }}
    >
      {t("warnings.showList")}
    </a>
  );
}
