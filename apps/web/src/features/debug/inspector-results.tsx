import type { CompareSource, DiagnosticPart, InspectorCompare, InspectorDiagnostic } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { shortChainName } from "../../lib/address.ts";
import { formatDateTime, formatInteger } from "../../lib/format-number.ts";
import type { LoadedTransactions, LoadProgress } from "./inspector-api.ts";
import { Rows, sourceLabel, Yes } from "./inspector-rows.tsx";

export function Progress({ progress }: { progress: LoadProgress }) {
  const { t, i18n } = useTranslation("debug");
  const text = t("inspector.progressText", {
    loaded: formatInteger(progress.loaded, i18n.language),
    total: formatInteger(progress.total, i18n.language),
  });
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={t("inspector.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent} % · ${text}`}
        className="h-2.5 overflow-hidden rounded-full bg-surface-sunken"
        data-testid="inspector-progress"
      >
        <div
          className="h-full rounded-full bg-gradient-pulse transition-[width] duration-300"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <div className="tabular flex justify-between text-xs text-text-muted">
        <span data-testid="inspector-progress-percent">{progress.percent} %</span>
        <span>{text}</span>
      </div>
    </div>
  );
}

type DiagnosticRow = { key: string; label: string; part: DiagnosticPart };

/** The diagnostic: each chain asked live and the synced history, with a sample of each. */
export function DiagnosticView({ result }: { result: InspectorDiagnostic }) {
  const { t, i18n } = useTranslation("debug");
  const lang = i18n.language;
  const parts: DiagnosticRow[] = [
    ...result.chains.map((c) => ({
      key: `chain-${c.chainId}`,
      label: t("inspector.diagnostic.chainLive", { chain: shortChainName(c.chainId) }),
      part: c,
    })),
    {
      key: "history",
      label: t("inspector.diagnostic.history", { chain: shortChainName(result.history.chainId) }),
      part: result.history,
    },
  ];
  return (
    <div className="space-y-4" data-testid="inspector-diagnostic-result">
      <div>
        <h3 className="text-sm font-semibold">{t("inspector.diagnostic.title")}</h3>
        <p className="text-xs text-text-muted">
          {t("inspector.ranAt", {
            time: formatDateTime(result.ranAt, lang),
            ms: formatInteger(result.durationMs, lang),
          })}
        </p>
      </div>
      <DiagnosticTable parts={parts} />
      <p className="text-sm" data-testid="inspector-combined">
        {t("inspector.diagnostic.combined", {
          total: formatInteger(result.combined.total, lang),
          unique: formatInteger(result.combined.unique, lang),
        })}
      </p>
      {parts.map((row) =>
        row.part.count > 0 || row.part.error ? (
          <DiagnosticSample key={row.key} partKey={row.key} label={row.label} part={row.part} />
        ) : null,
      )}
    </div>
  );
}

function DiagnosticTable({ parts }: { parts: readonly DiagnosticRow[] }) {
  const { t, i18n } = useTranslation("debug");
  const lang = i18n.language;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-text-muted">
          <tr>
            <th className="py-1 pr-3 font-medium">{t("inspector.diagnostic.part")}</th>
            <th className="py-1 pr-3 font-medium">{t("inspector.diagnostic.source")}</th>
            <th className="py-1 pr-3 font-medium">{t("inspector.diagnostic.success")}</th>
            <th className="py-1 pr-3 text-right font-medium">{t("inspector.diagnostic.total")}</th>
            <th className="py-1 pr-3 text-right font-medium">{t("inspector.diagnostic.count")}</th>
            <th className="py-1 font-medium">{t("inspector.diagnostic.hasMore")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {parts.map(({ key, label, part }) => (
            <tr key={key} data-testid={`inspector-part-${key}`}>
              <td className="py-1.5 pr-3">{label}</td>
              <td className="py-1.5 pr-3">{sourceLabel(t, part.source)}</td>
              <td className="py-1.5 pr-3">
                <Yes ok={part.success} />
              </td>
              <td className="tabular py-1.5 pr-3 text-right">
                {part.total === null
                  ? t("inspector.diagnostic.unknownTotal", { count: formatInteger(part.count, lang) })
                  : formatInteger(part.total, lang)}
              </td>
              <td className="tabular py-1.5 pr-3 text-right">{formatInteger(part.count, lang)}</td>
              <td className="py-1.5">{part.hasMore ? t("inspector.diagnostic.yes") : t("inspector.diagnostic.no")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DiagnosticSample({ partKey, label, part }: { partKey: string; label: string; part: DiagnosticPart }) {
  const { t } = useTranslation("debug");
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-medium">
        {label} · {t("inspector.diagnostic.sample", { count: part.sample.length })}
      </h4>
      {part.error ? (
        <p className="text-xs text-negative">{t("inspector.diagnostic.error", { message: part.error })}</p>
      ) : null}
      {part.sample.length > 0 ? (
        <Rows rows={part.sample} total={part.sample.length} testId={`inspector-sample-${partKey}`} />
      ) : null}
    </div>
  );
}

export function AllView({ result, chainId }: { result: LoadedTransactions; chainId: number }) {
  const { t, i18n } = useTranslation("debug");
  const lang = i18n.language;
  return (
    <div className="space-y-2" data-testid="inspector-all-result" data-chain={chainId}>
      <h3 className="text-sm font-semibold">{t("inspector.all.title")}</h3>
      <p className="text-sm" data-testid="inspector-summary">
        {t("inspector.summary", {
          total: formatInteger(result.total, lang),
          symbol: result.token.symbol,
          roi: formatInteger(result.roiIncomeTotal, lang),
        })}
      </p>
      {result.partial ? (
        <Alert variant="warning" title={t("inspector.partial")}>
          <ul className="list-disc pl-5">
            {result.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Rows rows={result.transactions} total={result.total} testId="inspector-rows" />
    </div>
  );
}

export function CompareView({ result }: { result: InspectorCompare }) {
  const { t, i18n } = useTranslation("debug");
  const lang = i18n.language;
  const differing = result.sources.filter((s) => s.onlyHereTotal > 0);
  return (
    <div className="space-y-4" data-testid="inspector-compare-result">
      <div>
        <h3 className="text-sm font-semibold">{t("inspector.compare.title")}</h3>
        <p className="text-xs text-text-muted">
          {t("inspector.ranAt", {
            time: formatDateTime(result.ranAt, lang),
            ms: formatInteger(result.durationMs, lang),
          })}
        </p>
      </div>
      {result.singleSource ? (
        <div data-testid="inspector-single-source">
          <Alert variant="info">{t("inspector.compare.singleSource")}</Alert>
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-text-muted">
            <tr>
              <th className="py-1 pr-3 font-medium">{t("inspector.diagnostic.source")}</th>
              <th className="py-1 pr-3 font-medium">{t("inspector.diagnostic.success")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("inspector.compare.count")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("inspector.compare.missing")}</th>
              <th className="py-1 text-right font-medium">{t("inspector.compare.onlyHere")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {result.sources.map((s) => (
              <SourceRow key={s.source} source={s} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm">{t("inspector.compare.inAll", { count: result.inAll })}</p>
      {differing.length === 0 && result.sources.every((s) => s.missing === 0) ? (
        <p className="text-sm text-positive">{t("inspector.compare.allAgree")}</p>
      ) : null}
      {differing.map((s) => (
        <div key={s.source} className="space-y-1">
          <h4 className="text-sm font-medium">
            {t("inspector.compare.onlyHereTitle", { source: sourceLabel(t, s.source) })}
          </h4>
          <Rows rows={s.onlyHere} total={s.onlyHereTotal} testId={`inspector-only-${s.source}`} />
        </div>
      ))}
    </div>
  );
}

function SourceRow({ source }: { source: CompareSource }) {
  const { t, i18n } = useTranslation("debug");
  const lang = i18n.language;
  return (
    <tr data-testid={`inspector-source-${source.source}`}>
      <td className="py-1.5 pr-3">
        {sourceLabel(t, source.source)}
        {source.error ? (
          <p className="text-xs text-negative">{t("inspector.compare.error", { message: source.error })}</p>
        ) : null}
      </td>
      <td className="py-1.5 pr-3">
        <Yes ok={source.success} />
      </td>
      <td className="tabular py-1.5 pr-3 text-right">{formatInteger(source.count, lang)}</td>
      <td className="tabular py-1.5 pr-3 text-right">{formatInteger(source.missing, lang)}</td>
      <td className="tabular py-1.5 text-right">{formatInteger(source.onlyHereTotal, lang)}</td>
    </tr>
  );
}
