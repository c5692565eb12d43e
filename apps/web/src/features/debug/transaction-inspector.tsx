import {
  type CompareSource,
  type DiagnosticPart,
  ETHEREUM,
  INSPECTOR_PRESET,
  INSPECTOR_SHOWN_ROWS,
  type InspectorCompare,
  type InspectorDiagnostic,
  type InspectorQuery,
  type InspectorTransaction,
  PULSECHAIN,
} from "@pulsemanager/core";
import { useMutation } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { CheckCircle2, GitCompare, ListOrdered, Stethoscope, XCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "../../components/address-display.tsx";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { inputClassName, TextField } from "../../components/text-field.tsx";
import { shortAddress, shortChainName } from "../../lib/address.ts";
import { ApiError } from "../../lib/api.ts";
import { formatDateTime, formatInteger, formatTokenBalance } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useWallets } from "../wallets/index.ts";
import {
  inspectorApi,
  type LoadedTransactions,
  type LoadProgress,
  loadAllTransactions,
  StuckCursorError,
  validateInspectorInput,
} from "./inspector-api.ts";

const OTHER = "other";
type Action = "diagnostic" | "all" | "compare";

/**
 * The transaction inspector: one token's transfers at one of the user's wallets (WGEP on PulseChain
 * as the preset). Three actions: the simple diagnostic (each chain asked live, and the synced
 * history), load all (page by page with a progress bar; the first 50 rows shown) and the comparison of
 * the history sources. Every row says whether the income rule counts it as ROI income.
 */
export function TransactionInspector() {
  const { t } = useTranslation("debug");
  const errorText = useErrorText();
  const wallets = useWallets();
  const saved = [...new Set((wallets.data ?? []).map((w) => w.address.toLowerCase()))];
  const [walletChoice, setWalletChoice] = useState("");
  const [typed, setTyped] = useState("");
  const [chainId, setChainId] = useState<number>(INSPECTOR_PRESET.chainId);
  const [token, setToken] = useState<string>(INSPECTOR_PRESET.token);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [action, setAction] = useState<Action | null>(null);
  const [progress, setProgress] = useState<LoadProgress | null>(null);

  const typing = walletChoice === OTHER || (saved.length === 0 && !wallets.isPending);
  const address = typing ? typed : walletChoice || saved[0] || "";

  const diagnostic = useMutation({ mutationFn: (q: InspectorQuery) => inspectorApi.diagnostic(q) });
  const compare = useMutation({ mutationFn: (q: InspectorQuery) => inspectorApi.compare(q) });
  const all = useMutation({
    mutationFn: (q: InspectorQuery) => loadAllTransactions(q, setProgress),
    onError: () => setProgress((p) => ({ percent: 0, loaded: p?.loaded ?? 0, total: p?.total ?? 0 })),
  });
  const running = diagnostic.isPending || compare.isPending || all.isPending;
  const current = action === "diagnostic" ? diagnostic : action === "compare" ? compare : action === "all" ? all : null;

  const run = (which: Action) => {
    const checked = validateInspectorInput({ address, chainId, token });
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setAction(which);
    if (which === "diagnostic") diagnostic.mutate(checked.query);
    if (which === "compare") compare.mutate(checked.query);
    if (which === "all") {
      setProgress({ percent: 0, loaded: 0, total: 0 });
      all.mutate(checked.query);
    }
  };

  // A 400 names its fields by message key; anything else is one message.
  const error = current?.error ?? null;
  const serverFields = error instanceof ApiError ? (error.body?.fields ?? {}) : {};
  const shownFields = { ...serverFields, ...fields };
  const fieldText = (key: string | undefined) =>
    key ? t(key.startsWith("inspector.") ? key : "inspector.invalidCursor") : null;
  const generalError =
    error && Object.keys(serverFields).length === 0
      ? error instanceof StuckCursorError
        ? t("inspector.stuck")
        : errorText(error)
      : null;

  return (
    <Card className="space-y-4" data-testid="transaction-inspector">
      <div>
        <h2 className="text-base font-semibold">{t("inspector.title")}</h2>
        <p className="text-sm text-text-muted">{t("inspector.subtitle")}</p>
      </div>

      <div className="grid gap-3 md:grid-cols-3">
        <div className="space-y-2">
          {saved.length > 0 ? (
            <div className="space-y-1">
              <label htmlFor="inspector-wallet" className="block text-sm font-medium">
                {t("inspector.wallet")}
              </label>
              <select
                id="inspector-wallet"
                className={inputClassName}
                value={walletChoice || saved[0]}
                onChange={(event) => setWalletChoice(event.target.value)}
                data-testid="inspector-wallet"
              >
                {saved.map((a) => (
                  <option key={a} value={a}>
                    {walletLabel(a, wallets.data ?? [])}
                  </option>
                ))}
                <option value={OTHER}>{t("inspector.walletOther")}</option>
              </select>
            </div>
          ) : null}
          {typing ? (
            <TextField
              id="inspector-address"
              label={t("inspector.walletTyped")}
              placeholder="0x…"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={fieldText(shownFields.address)}
              hint={t("inspector.walletHint")}
              autoComplete="off"
              spellCheck={false}
              data-testid="inspector-address"
            />
          ) : shownFields.address ? (
            <p className="text-xs text-negative">{fieldText(shownFields.address)}</p>
          ) : null}
        </div>

        <div className="space-y-1">
          <label htmlFor="inspector-chain" className="block text-sm font-medium">
            {t("inspector.chain")}
          </label>
          <select
            id="inspector-chain"
            className={inputClassName}
            value={chainId}
            onChange={(event) => setChainId(Number(event.target.value))}
            aria-invalid={shownFields.chainId ? true : undefined}
            data-testid="inspector-chain"
          >
            <option value={PULSECHAIN}>{t("inspector.chainPulse")}</option>
            <option value={ETHEREUM}>{t("inspector.chainEthereum")}</option>
          </select>
          {shownFields.chainId ? <p className="text-xs text-negative">{fieldText(shownFields.chainId)}</p> : null}
        </div>

        <TextField
          id="inspector-token"
          label={t("inspector.token")}
          placeholder="0x…"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          error={fieldText(shownFields.token)}
          autoComplete="off"
          spellCheck={false}
          data-testid="inspector-token"
          hint={
            <span className="flex flex-wrap items-center gap-2">
              {t("inspector.presetHint", { symbol: INSPECTOR_PRESET.symbol })}
              <button
                type="button"
                className="rounded border border-border px-1.5 py-0.5 text-xs hover:bg-surface-sunken"
                onClick={() => {
                  setToken(INSPECTOR_PRESET.token);
                  setChainId(INSPECTOR_PRESET.chainId);
                }}
                data-testid="inspector-preset"
              >
                {t("inspector.preset", { symbol: INSPECTOR_PRESET.symbol })}
              </button>
            </span>
          }
        />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => run("diagnostic")}
          loading={diagnostic.isPending}
          disabled={running}
          data-testid="inspector-diagnostic"
        >
          <Stethoscope className="size-4" aria-hidden="true" />
          {t("inspector.actions.diagnostic")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => run("all")}
          loading={all.isPending}
          disabled={running}
          data-testid="inspector-load-all"
        >
          <ListOrdered className="size-4" aria-hidden="true" />
          {t("inspector.actions.loadAll")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => run("compare")}
          loading={compare.isPending}
          disabled={running}
          data-testid="inspector-compare"
        >
          <GitCompare className="size-4" aria-hidden="true" />
          {t("inspector.actions.compare")}
        </Button>
      </div>

      {action === "all" && progress ? <Progress progress={progress} /> : null}
      {generalError ? <Alert variant="error">{generalError}</Alert> : null}

      {action === null ? <p className="text-sm text-text-muted">{t("inspector.idle")}</p> : null}
      {action === "diagnostic" && diagnostic.data ? <DiagnosticView result={diagnostic.data} /> : null}
      {action === "all" && all.data ? <AllView result={all.data} chainId={chainId} /> : null}
      {action === "compare" && compare.data ? <CompareView result={compare.data} /> : null}
    </Card>
  );
}

function walletLabel(address: string, wallets: readonly { address: string; nickname: string }[]): string {
  const w = wallets.find((x) => x.address.toLowerCase() === address);
  return w ? `${w.nickname} (${shortAddress(address)})` : shortAddress(address);
}

function Progress({ progress }: { progress: LoadProgress }) {
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

function sourceLabel(t: TFunction, source: string): string {
  switch (source) {
    case "stored":
      return t("inspector.sources.stored");
    case "blockscout-api":
      return t("inspector.sources.blockscout-api");
    case "blockscout-v2":
      return t("inspector.sources.blockscout-v2");
    case "rpc":
      return t("inspector.sources.rpc");
    case "none":
      return t("inspector.sources.none");
    default:
      return source;
  }
}

function directionLabel(t: TFunction, direction: InspectorTransaction["direction"]): string {
  return direction === "in"
    ? t("inspector.direction.in")
    : direction === "out"
      ? t("inspector.direction.out")
      : t("inspector.direction.self");
}

/** At most 50 rows, and a note how many more there are. */
function Rows({ rows, total, testId }: { rows: readonly InspectorTransaction[]; total: number; testId: string }) {
  const { t, i18n } = useTranslation("debug");
  const lang = i18n.language;
  if (total === 0) return <p className="text-sm text-text-muted">{t("inspector.none")}</p>;
  const shown = rows.slice(0, INSPECTOR_SHOWN_ROWS);
  const more = total - shown.length;
  return (
    <div className="space-y-1">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid={testId}>
          <thead className="text-xs text-text-muted">
            <tr>
              <th className="py-1 pr-3 font-medium">{t("inspector.columns.time")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("inspector.columns.amount")}</th>
              <th className="hidden py-1 pr-3 font-medium sm:table-cell">{t("inspector.columns.roi")}</th>
              <th className="hidden py-1 pr-3 font-medium sm:table-cell">{t("inspector.columns.counterparty")}</th>
              <th className="hidden py-1 font-medium md:table-cell">{t("inspector.columns.hash")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {shown.map((r) => (
              <tr key={`${r.hash}:${r.logIndex}:${r.from}:${r.to}:${r.amount}`} data-roi={r.roiIncome}>
                <td className="py-1.5 pr-3 text-text-muted sm:whitespace-nowrap">
                  {r.timestamp === null
                    ? t("inspector.unknownTime")
                    : formatDateTime(new Date(r.timestamp * 1000).toISOString(), lang)}
                </td>
                <td className="tabular py-1.5 pr-3 text-right whitespace-nowrap" title={directionLabel(t, r.direction)}>
                  <span className="sr-only">{directionLabel(t, r.direction)} </span>
                  <span
                    aria-hidden="true"
                    className={r.direction === "in" ? "text-positive" : r.direction === "out" ? "text-negative" : ""}
                  >
                    {r.direction === "in" ? "+" : r.direction === "out" ? "−" : "±"}
                  </span>
                  {formatTokenBalance(r.amount, lang)} {r.tokenSymbol}
                  <div className="sm:hidden">
                    <RoiBadge income={r.roiIncome} />
                  </div>
                </td>
                <td className="hidden py-1.5 pr-3 sm:table-cell">
                  <RoiBadge income={r.roiIncome} />
                </td>
                <td className="hidden py-1.5 pr-3 sm:table-cell">
                  <AddressDisplay address={r.direction === "out" ? r.to : r.from} chainId={r.chainId} />
                </td>
                <td className="hidden py-1.5 font-mono text-xs md:table-cell" title={r.hash}>
                  {shortAddress(r.hash)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? (
        <p className="text-xs text-text-muted" data-testid={`${testId}-more`}>
          {t("inspector.more", { count: more })}
        </p>
      ) : null}
    </div>
  );
}

function RoiBadge({ income }: { income: boolean }) {
  const { t } = useTranslation("debug");
  return income ? (
    <span className="rounded bg-positive/10 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-positive">
      {t("inspector.roiYes")}
    </span>
  ) : (
    <span className="text-xs text-text-muted">{t("inspector.roiNo")}</span>
  );
}

function Yes({ ok }: { ok: boolean }) {
  const { t } = useTranslation("debug");
  return ok ? (
    <span className="inline-flex items-center gap-1 text-positive">
      <CheckCircle2 className="size-4" aria-hidden="true" />
      {t("inspector.diagnostic.yes")}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-negative">
      <XCircle className="size-4" aria-hidden="true" />
      {t("inspector.diagnostic.no")}
    </span>
  );
}

function DiagnosticView({ result }: { result: InspectorDiagnostic }) {
  const { t, i18n } = useTranslation("debug");
  const lang = i18n.language;
  const parts: Array<{ key: string; label: string; part: DiagnosticPart }> = [
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
                <td className="py-1.5">
                  {part.hasMore ? t("inspector.diagnostic.yes") : t("inspector.diagnostic.no")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm" data-testid="inspector-combined">
        {t("inspector.diagnostic.combined", {
          total: formatInteger(result.combined.total, lang),
          unique: formatInteger(result.combined.unique, lang),
        })}
      </p>
      {parts.map(({ key, label, part }) =>
        part.count > 0 || part.error ? (
          <div key={key} className="space-y-1">
            <h4 className="text-sm font-medium">
              {label} · {t("inspector.diagnostic.sample", { count: part.sample.length })}
            </h4>
            {part.error ? (
              <p className="text-xs text-negative">{t("inspector.diagnostic.error", { message: part.error })}</p>
            ) : null}
            {part.sample.length > 0 ? (
              <Rows rows={part.sample} total={part.sample.length} testId={`inspector-sample-${key}`} />
            ) : null}
          </div>
        ) : null,
      )}
    </div>
  );
}

function AllView({ result, chainId }: { result: LoadedTransactions; chainId: number }) {
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

function CompareView({ result }: { result: InspectorCompare }) {
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
