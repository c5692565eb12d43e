import type { WalletReportResult } from "@pulsemanager/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/card.tsx";
import { shortChainName } from "../../../lib/address.ts";
import { cn } from "../../../lib/cn.ts";
import { formatDateTime, formatInteger } from "../../../lib/format-number.ts";
import { formatEur, formatReportDate, formatSignedEur } from "../report-format.ts";
import { type Completeness, completenessOf, yearFiguresOf } from "../result/report-figures.ts";
import { crossedWord } from "./figure-texts.ts";

/** The figures of the report year (§23 and §22 Nr. 3 with their Freigrenzen) and what the report covered. */
export function YearFiguresCard({ result }: { result: WalletReportResult }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const y = yearFiguresOf(result);
  const completeness = completenessOf(result);
  // With a history not read, what is taxable after the Freigrenze is not known (0,00 would read as final).
  const after = (value: string) => (completeness.state === "unknown" ? t("unknownValue") : eur(value));
  const eur = (value: string) => formatEur(value, lang) ?? t("unknownValue");
  const n = (value: number) => formatInteger(value, lang);
  const meta = result.meta;

  return (
    <Card aria-labelledby="wallet-report-year-title" data-testid="year-figures">
      <h2 id="wallet-report-year-title" className="text-base font-semibold">
        {t("year.title", { year: result.year })}
      </h2>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="wallet-report-year-23" className="space-y-1">
          <h3 id="wallet-report-year-23" className="text-sm font-semibold">
            {t("year.section23")}
          </h3>
          <dl className="divide-y divide-border text-sm">
            <Figure label={t("year.gainTaxable")}>{formatSignedEur(y.gainTaxable, lang) ?? t("unknownValue")}</Figure>
            <Figure label={t("year.freigrenze23")}>
              {eur(y.freigrenze23)} <Crossed completeness={completeness} crossed={y.freigrenze23Crossed} />
            </Figure>
            <Figure label={t("year.gainAfter")} strong>
              {after(y.gainTaxableAfterFreigrenze)}
            </Figure>
            <Figure label={t("year.gainTaxFree")}>{eur(y.gainTaxFree)}</Figure>
            <Figure label={t("year.disposals")}>{n(y.disposals)}</Figure>
            <Figure label={t("year.unknownGains")} warn={y.unknownGains > 0}>
              {n(y.unknownGains)}
            </Figure>
          </dl>
        </section>
        <section aria-labelledby="wallet-report-year-22" className="space-y-1">
          <h3 id="wallet-report-year-22" className="text-sm font-semibold">
            {t("year.section22")}
          </h3>
          <dl className="divide-y divide-border text-sm">
            <Figure label={t("year.income22")}>{eur(y.income22)}</Figure>
            <Figure label={t("year.freigrenze22")}>
              {eur(y.freigrenze22)} <Crossed completeness={completeness} crossed={y.freigrenze22Crossed} />
            </Figure>
            <Figure label={t("year.incomeAfter")} strong>
              {after(y.income22AfterFreigrenze)}
            </Figure>
            <Figure label={t("year.missingPrices")} warn={y.missingPrices > 0}>
              {n(y.missingPrices)}
            </Figure>
          </dl>
          <p className="pt-2 text-xs text-text-muted">{t("year.lossNote")}</p>
        </section>
      </div>
      <p className="mt-4 border-t border-border pt-3 text-xs text-text-muted" data-testid="report-meta">
        {t("year.meta", {
          from: formatReportDate(meta.period.from, lang),
          to: formatReportDate(meta.period.to, lang),
          wallets: n(meta.wallets.length),
          chains: meta.chains.map((id) => shortChainName(id)).join(", ") || "–",
          transfers: n(meta.transfers),
          manual: n(meta.manualEntries),
          generated: formatDateTime(meta.generatedAt, lang),
        })}
        {meta.historyReadAt ? (
          <span data-testid="report-history-read-at">
            {" · "}
            {t("year.historyReadAt", { at: formatDateTime(meta.historyReadAt, lang) })}
          </span>
        ) : null}
      </p>
    </Card>
  );
}

function Crossed({ completeness, crossed }: { completeness: Completeness; crossed: boolean }) {
  const { t } = useTranslation("wallet-report");
  const positive = !crossed && completeness.state === "final";
  return (
    <span className={cn("text-xs font-medium", positive ? "text-positive" : "text-warning")}>
      {crossedWord(t, completeness, crossed)}
    </span>
  );
}

function Figure({
  label,
  strong,
  warn,
  children,
}: {
  label: string;
  strong?: boolean;
  warn?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5">
      <dt className="text-text-muted">{label}</dt>
      <dd className={cn("tabular text-right", strong && "font-semibold", warn && "text-warning")}>{children}</dd>
    </div>
  );
}
