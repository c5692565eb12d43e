import type { PortfolioResult } from "@pulsemanager/core";
import { Bug, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { shortChainName } from "../../lib/address.ts";
import { formatDateTime, formatInteger } from "../../lib/format-number.ts";
import { groupExcluded } from "./excluded-groups.ts";

/** The developer panel (Ctrl+Shift+D): the result's debug object, as it came from the server. */
export function DebugPanel({ result, onClose }: { result: PortfolioResult; onClose: () => void }) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  const d = result.debug;
  const excluded = groupExcluded(d.excludedTokens);
  const rows: Array<[string, string]> = [
    [t("debug.pricesUpdated"), formatInteger(d.pricesUpdated, lang)],
    [t("debug.priceSource"), d.priceSource],
    [t("debug.apiCalls"), formatInteger(d.apiCalls, lang)],
    [t("debug.lastPriceUpdate"), d.lastPriceUpdate ? formatDateTime(d.lastPriceUpdate, lang) : "–"],
    [t("debug.tokensWithZeroPrice"), formatInteger(d.tokensWithZeroPrice, lang)],
    [t("debug.tokensWithZeroValue"), formatInteger(d.tokensWithZeroValue, lang)],
    [t("debug.roiTransactionsWithZeroValue"), formatInteger(d.roiTransactionsWithZeroValue, lang)],
    [t("debug.loadMs"), `${formatInteger(d.loadMs, lang)} ms`],
    [t("debug.dataSource"), result.dataSource],
    [t("debug.fromCache"), result.fromCache ? t("debug.yes") : t("debug.no")],
    [t("debug.lastUpdated"), formatDateTime(result.lastUpdated, lang)],
  ];
  return (
    <Card className="space-y-4 border-dashed" data-testid="debug-panel" aria-labelledby="debug-panel-title">
      <div className="flex items-start justify-between gap-4">
        <h2 id="debug-panel-title" className="flex items-center gap-2 text-base font-semibold">
          <Bug className="size-4 text-accent" aria-hidden="true" />
          {t("debug.title")}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-m-1 rounded-md p-1 text-text-muted hover:text-text"
          aria-label={t("common:actions.close")}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p className="text-xs text-text-muted">{t("debug.hint")}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 border-b border-border py-1">
            <dt className="text-text-muted">{label}</dt>
            <dd className="tabular text-right font-mono text-xs break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-medium">{t("debug.problems", { count: d.problems.length })}</h3>
          {d.problems.length === 0 ? (
            <p className="text-sm text-text-muted">{t("debug.none")}</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 font-mono text-xs break-all">
              {d.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
        <ExcludedList excluded={excluded} />
      </div>
      {result.summary.reasons.length > 0 ? (
        <p className="text-xs text-text-muted">
          {t("debug.reasons")}: {result.summary.reasons.join(", ")}
        </p>
      ) : null}
    </Card>
  );
}

/** The tokens left out of the portfolio, grouped over wallets (the first 50). */
function ExcludedList({ excluded }: { excluded: ReturnType<typeof groupExcluded> }) {
  const { t } = useTranslation("portfolio");
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium">{t("debug.excluded", { count: excluded.length })}</h3>
      {excluded.length === 0 ? (
        <p className="text-sm text-text-muted">{t("debug.none")}</p>
      ) : (
        <ul className="space-y-1 text-xs break-all" data-testid="debug-excluded">
          {excluded.slice(0, 50).map((e) => (
            <li key={`${e.chainId}:${e.contractAddress}`}>
              {e.symbol}{" "}
              <span className="font-mono text-text-muted">
                ({shortChainName(e.chainId)} {e.contractAddress})
              </span>{" "}
              – {e.code ? t(`debug.excludedReason.${e.code}`, { symbol: e.symbol }) : e.reason}
              {e.wallets > 1 ? ` · ${t("debug.inWallets", { count: e.wallets })}` : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
