import { priceSourceLabel, type TestSystemResult } from "@pulsemanager/core";
import { Activity } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { formatDateTime, formatTokenBalance, formatUsd } from "../../lib/format-number.ts";
import { ComputeUnitsCard } from "./compute-units-card.tsx";
import { SystemStatus } from "./system-status.tsx";
import { useTestSystem } from "./test-system-api.ts";
import { TransactionInspector } from "./transaction-inspector.tsx";
import { useAutoRefresh } from "./use-auto-refresh.ts";

const AUTO_REFRESH_SECONDS = 30;

/**
 * The debug monitor: why a number looks the way it does. 'System testen' checks the user's own data
 * and asks every upstream of the installation; the run can repeat every 30 s while the tab is open.
 */
export default function DebugPage() {
  const { t } = useTranslation("debug-monitor");
  const test = useTestSystem();
  const [auto, setAuto] = useState(false);
  useAutoRefresh(auto, AUTO_REFRESH_SECONDS, () => {
    if (!test.isPending) test.mutate();
  });
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={auto}
                onChange={(event) => setAuto(event.target.checked)}
                className="size-4 accent-accent"
                data-testid="auto-refresh"
              />
              {t("autoRefresh", { seconds: AUTO_REFRESH_SECONDS })}
            </label>
            <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="test-system">
              <Activity className="size-4" aria-hidden="true" />
              {t("run")}
            </Button>
          </>
        }
      />
      {test.isError ? <Alert variant="error">{t("failed")}</Alert> : null}
      {test.data ? (
        <>
          <SystemStatus result={test.data} />
          <Lists result={test.data} />
        </>
      ) : !test.isPending ? (
        <Card className="text-sm text-text-muted">{t("idle")}</Card>
      ) : null}
      <ComputeUnitsCard />
      <TransactionInspector />
    </div>
  );
}

function Lists({ result }: { result: TestSystemResult }) {
  const { t, i18n } = useTranslation("debug-monitor");
  const lang = i18n.language;
  const p = result.portfolio;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card>
        <h2 className="mb-2 text-base font-semibold">{t("lists.topTokens")}</h2>
        <ul className="divide-y divide-border text-sm" data-testid="top-tokens">
          {p.topTokens.map((tok) => (
            <li key={`${tok.chainId}:${tok.contractAddress}`} className="flex justify-between gap-2 py-1.5">
              <span>
                {tok.symbol}{" "}
                <span className="text-xs text-text-muted">
                  {priceSourceLabel(tok.priceSource, tok.chainId, lang === "en" ? "en" : "de")}
                </span>
              </span>
              <span className="tabular">{formatUsd(tok.value, lang)}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <h2 className="mb-2 text-base font-semibold">{t("lists.missingPrices")}</h2>
        {p.missingPrices.length === 0 ? (
          <p className="text-sm text-text-muted">{t("lists.none")}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {p.missingPrices.map((tok) => (
              <li key={`${tok.chainId}:${tok.contractAddress}`} className="py-1.5">
                {tok.symbol} <span className="font-mono text-xs text-text-muted">{tok.contractAddress}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <h2 className="mb-2 text-base font-semibold">{t("lists.zeroValuePayouts")}</h2>
        {p.zeroValuePayouts.length === 0 ? (
          <p className="text-sm text-text-muted">{t("lists.none")}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {p.zeroValuePayouts.map((r) => (
              <li key={`${r.timeStamp}:${r.tokenSymbol}:${r.amount}`} className="flex justify-between gap-2 py-1.5">
                <span>
                  {formatTokenBalance(r.amount, lang)} {r.tokenSymbol}
                </span>
                <span className="text-xs text-text-muted">
                  {formatDateTime(new Date(r.timeStamp * 1000).toISOString(), lang)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
