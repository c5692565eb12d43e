import type { InspectorTransaction } from "@pulsemanager/core";
import { INSPECTOR_SHOWN_ROWS } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "../../components/address-display.tsx";
import { shortAddress } from "../../lib/address.ts";
import { formatDateTime, formatTokenBalance } from "../../lib/format-number.ts";

export function sourceLabel(t: TFunction, source: string): string {
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
export function Rows({
  rows,
  total,
  testId,
}: {
  rows: readonly InspectorTransaction[];
  total: number;
  testId: string;
}) {
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

export function Yes({ ok }: { ok: boolean }) {
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
