/**
 * The cells of a report row that the table and the phone cards share: type badge, taxable badge,
 * value, gain, fee and the hash with its explorer link.
 */
import type { ReportTransaction } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { ExternalLink, TriangleAlert } from "lucide-react";
import { cn } from "../../../lib/cn.ts";
import { explorerTxUrl, formatEur, formatSignedEur, shortHash, signOf, taxableKey } from "../report-format.ts";

const TYP_TONE: Record<ReportTransaction["typ"], string> = {
  Kauf: "border-accent/40 text-accent",
  Verkauf: "border-sky-500/40 text-sky-700 dark:text-sky-300",
  ROI: "border-positive/40 text-positive",
  Tausch: "border-fuchsia-500/40 text-fuchsia-700 dark:text-fuchsia-300",
  Unbekannt: "border-warning/50 text-warning",
  Transfer: "border-border text-text-muted",
  Gebühr: "border-border text-text-muted",
};

/** The i18n key of a report type (the values stay German in the data and the CSV). */
export function typKey(typ: ReportTransaction["typ"]): string {
  return `wallet-report:typ.${typ}`;
}

export function TypBadge({ typ, t }: { typ: ReportTransaction["typ"]; t: TFunction }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center truncate rounded-full border px-2 py-0.5 text-[11px] leading-4 font-medium",
        TYP_TONE[typ],
      )}
    >
      {t(typKey(typ))}
    </span>
  );
}

export function TaxableBadge({ value, t }: { value: ReportTransaction["steuerpflichtig"]; t: TFunction }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium",
        value === true && "text-text",
        value === false && "text-positive",
        value === "unknown" && "text-warning",
      )}
    >
      {value === "unknown" ? <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" /> : null}
      {t(taxableKey(value))}
    </span>
  );
}

/** A value that is unknown says so ("unbekannt"); a row without a value (Transfer, Gebühr) shows a dash. */
export function ValueText({ row, lang, t }: { row: ReportTransaction; lang: string; t: TFunction }) {
  const value = formatEur(row.wertEUR, lang);
  if (value !== null) return <span>{value}</span>;
  if (row.missingPrice || row.typ === "Unbekannt")
    return <span className="text-warning">{t("wallet-report:unknownValue")}</span>;
  return <span className="text-text-muted">–</span>;
}

export function GainText({ row, lang, t }: { row: ReportTransaction; lang: string; t: TFunction }) {
  const gain = formatSignedEur(row.gain, lang);
  if (gain !== null) {
    const sign = signOf(row.gain);
    return (
      <span className={cn(sign > 0 && "text-positive", sign < 0 && "text-negative")}>
        {sign > 0 ? "▲ " : sign < 0 ? "▼ " : ""}
        {gain}
      </span>
    );
  }
  if (row.lots.some((lot) => lot.use === "disposed"))
    return <span className="text-warning">{t("wallet-report:unknownValue")}</span>;
  return <span className="text-text-muted">–</span>;
}

export function FeeText({ row, lang, t }: { row: ReportTransaction; lang: string; t: TFunction }) {
  const fee = formatEur(row.transaction_fee, lang);
  return fee === null ? <span className="text-warning">{t("wallet-report:unknownValue")}</span> : <span>{fee}</span>;
}

export function HashLink({ row, t }: { row: ReportTransaction; t: TFunction }) {
  const url = explorerTxUrl(row.chainId, row.hash);
  const text = shortHash(row.hash);
  if (!url) {
    return (
      <span className="truncate font-mono text-xs text-text-muted" title={row.hash}>
        {text}
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-mono text-xs text-accent hover:underline"
      title={row.hash}
      aria-label={t("wallet-report:table.explorer", { hash: text })}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {text}
      <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
    </a>
  );
}
