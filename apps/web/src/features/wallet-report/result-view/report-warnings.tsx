import type { WalletReportResult } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/alert.tsx";
import { shortChainName } from "../../../lib/address.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { openSection } from "../collapsible-section.tsx";
import { reportDataOf } from "../result/report-data.ts";
import { completenessOf } from "../result/report-figures.ts";
import { gapWarnings } from "./gap-warnings.ts";

export const MISSING_PRICES_ID = "wallet-report-missing-prices";
export const UNKNOWN_COSTS_ID = "wallet-report-unknown-costs";

/**
 * Missing prices and unknown costs are said clearly, never shown as 0 (core tax README "Valuation"):
 * first the gaps that can change the figures, named (the largest EUR values, tokens disposed of), then
 * the unpriced airdrops that were never sold, grouped (core's reportGaps, the advisor PDF's order).
 */
export function ReportWarnings({ result }: { result: WalletReportResult }) {
  const { t, i18n } = useTranslation("wallet-report");
  const c = completenessOf(result);
  const { gaps } = reportDataOf(result).derived;
  if (!c.incomplete) return null;
  const warnings = gapWarnings(t, gaps, i18n.language);
  const hasMissing = gaps.important.some((g) => g.kind === "missingPrice");
  const hasUnknown = gaps.important.some((g) => g.kind === "unknownCost");
  return (
    <div className="space-y-2" data-testid="report-warnings">
      {c.incompleteChains.length > 0 ? (
        <Alert variant="warning" title={t("warnings.chainsTitle")}>
          {t("warnings.chains", { chains: c.incompleteChains.map((id) => shortChainName(id)).join(", ") })}
        </Alert>
      ) : null}
      {warnings.important.count > 0 ? (
        <Alert
          variant="warning"
          title={t("warnings.importantTitle", {
            count: warnings.important.count,
            formatted: formatInteger(warnings.important.count, i18n.language),
          })}
        >
          <ul className="my-1 list-disc pl-5" data-testid="report-warnings-important">
            {warnings.important.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed per result.
              <li key={i}>{line}</li>
            ))}
          </ul>
          {hasMissing ? <p>{t("warnings.missingPrices")}</p> : null}
          {hasUnknown || c.unknownGains > 0 ? <p>{t("warnings.unknownCosts")}</p> : null}
          <ShowListLink target={hasUnknown ? UNKNOWN_COSTS_ID : MISSING_PRICES_ID} />
        </Alert>
      ) : null}
      {warnings.airdrops ? (
        <Alert variant="info" title={warnings.airdrops.title}>
          {warnings.airdrops.text}
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
