import type { TestSystemResult } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { CheckCircle2, CircleAlert, Info, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Card } from "../../components/card.tsx";
import { shortChainName } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { formatDateTime, formatInteger, formatUsd } from "../../lib/format-number.ts";
import { endpointDetail, formatCheckFigure, formatExpected } from "./monitor-words.ts";

const STATUS_VARIANT = {
  OPERATIONAL: "success",
  WARNING: "warning",
  DEGRADED: "error",
  NO_WALLETS: "info",
} as const;

/** The outcome of a run: status banner, value inconsistency banner, the cards, checks and upstreams. */
export function SystemStatus({ result }: { result: TestSystemResult }) {
  const { t, i18n } = useTranslation("debug-monitor");
  const lang = i18n.language;
  return (
    <div className="space-y-4" data-testid="system-status" data-status={result.status}>
      <Alert variant={STATUS_VARIANT[result.status]} title={t(`status.${result.status}`)}>
        <p>
          {t("status.ranAt", { time: formatDateTime(result.ranAt, lang), ms: formatInteger(result.durationMs, lang) })}
        </p>
        {result.reasons.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {result.reasons.map((r) => (
              <li key={r}>{reasonText(r, result, t)}</li>
            ))}
          </ul>
        ) : null}
      </Alert>
      {result.inconsistencies.length > 0 ? (
        <div data-testid="value-inconsistency">
          <Alert variant="error" title={t("inconsistency.title")}>
            <p>{t("inconsistency.hint")}</p>
            <ul className="mt-1 list-disc pl-5">
              {result.inconsistencies.map((i) => (
                <li key={`${i.kind}:${i.chainId}`}>
                  {t(`inconsistency.${i.kind}`, {
                    chain: i.chainId ?? "",
                    expected: formatUsd(i.expected, lang),
                    actual: formatUsd(i.actual, lang),
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      <StatCards result={result} />
      <ChecksAndEndpoints result={result} />
    </div>
  );
}

/** Load time, API status, value, missing prices, transactions. */
function StatCards({ result }: { result: TestSystemResult }) {
  const { t, i18n } = useTranslation("debug-monitor");
  const lang = i18n.language;
  const up = result.endpoints.filter((e) => e.ok).length;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <Stat
        label={t("cards.loadTime")}
        value={
          result.portfolio.fromCache
            ? t("cards.cached", { ms: formatInteger(result.portfolio.loadMs, lang) })
            : `${formatInteger(result.portfolio.loadMs, lang)} ms`
        }
      />
      <Stat
        label={t("cards.apiStatus")}
        value={`${up} / ${result.endpoints.length}`}
        bad={up < result.endpoints.length}
      />
      <Stat label={t("cards.value")} value={formatUsd(result.portfolio.totalValue, lang)} />
      <Stat
        label={t("cards.missingPrices")}
        value={formatInteger(result.portfolio.missingPriceCount, lang)}
        bad={result.portfolio.missingPriceCount > 0}
      />
      <Stat label={t("cards.transactions")} value={formatInteger(result.portfolio.transactionCount, lang)} />
    </div>
  );
}

/** The checks with their figures and expectations, and each upstream with its latency. */
function ChecksAndEndpoints({ result }: { result: TestSystemResult }) {
  const { t, i18n } = useTranslation("debug-monitor");
  const lang = i18n.language;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <h2 className="mb-2 text-base font-semibold">{t("checks.title")}</h2>
        <ul className="divide-y divide-border text-sm" data-testid="checks">
          {result.checks.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start gap-x-2 gap-y-0.5 py-1.5">
              <CheckIcon ok={c.ok} severity={c.severity} />
              {/* A real basis: a long figure moves below the label instead of squeezing it word by word. */}
              <span className="min-w-0 flex-[1_1_12rem]">{t(`checks.${c.id}`)}</span>
              <span className="tabular ml-auto text-right text-xs text-text-muted">
                {formatCheckFigure(c.value, c.unit, lang)}{" "}
                <span className="opacity-70">({t("checks.expected", { expected: formatExpected(c, t, lang) })})</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <h2 className="mb-2 text-base font-semibold">{t("endpoints.title")}</h2>
        <ul className="divide-y divide-border text-sm" data-testid="endpoints">
          {result.endpoints.map((e) => (
            <li key={e.id} className="flex items-start gap-2 py-1.5" data-ok={e.ok}>
              <CheckIcon ok={e.ok} severity="critical" />
              <span className="min-w-0 flex-1">
                {endpointLabel(e, t)}
                <span className="block truncate text-xs text-text-muted">{endpointDetail(e, t, lang)}</span>
              </span>
              <span className="tabular text-xs text-text-muted">{formatInteger(e.latencyMs, lang)} ms</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/** The data source in the page's language ("PulseChain-Knoten", "EZB-Referenzkurse"). */
function endpointLabel(e: { id: string; kind: string; name: string }, t: TFunction): string {
  const chainId = Number(e.id.split("-")[1]);
  if (e.kind === "rpc") return t("endpoints.rpc", { chain: shortChainName(chainId) });
  if (e.kind === "prices") return t("endpoints.prices", { chain: shortChainName(chainId) });
  if (e.kind === "fx") return t("endpoints.ecb");
  return e.name;
}

function reasonText(reason: string, result: TestSystemResult, t: TFunction): string {
  if (reason === "valueInconsistency") return t("inconsistency.title");
  const [kind, id] = reason.split(":") as [string, string];
  if (kind === "endpoint") {
    const endpoint = result.endpoints.find((e) => e.id === id);
    return t("status.endpointDown", { name: endpoint ? endpointLabel(endpoint, t) : id });
  }
  const check = result.checks.find((c) => c.id === id);
  return t(check?.severity === "warning" ? "status.checkWarning" : "status.checkFailed", { check: t(`checks.${id}`) });
}

function CheckIcon({ ok, severity }: { ok: boolean; severity: "critical" | "warning" | "info" }) {
  if (ok) return <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-positive" aria-label="OK" />;
  if (severity === "info") return <Info className="mt-0.5 size-4 shrink-0 text-text-muted" aria-label="Info" />;
  if (severity === "warning") return <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-label="!" />;
  return <XCircle className="mt-0.5 size-4 shrink-0 text-negative" aria-label="✗" />;
}

function Stat({ label, value, bad }: { label: string; value: string; bad?: boolean }) {
  return (
    <Card className="p-3 sm:p-4">
      <p className="text-xs text-text-muted">{label}</p>
      <p className={cn("tabular text-lg font-semibold", bad && "text-warning")}>{value}</p>
    </Card>
  );
}
