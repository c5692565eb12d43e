import type { RoiPayout, RoiSourceTotal } from "@pulsemanager/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress, shortChainName } from "../../lib/address.ts";
import { formatDateTime, formatInteger, formatTokenBalance } from "../../lib/format-number.ts";
import { usePutIncomeChoice } from "./income-choices-api.ts";
import { eur, usd } from "./roi-money.ts";

const PAGE = 50;

/** Income per paying contract (printer distributor or dividend tracker) and reward token. */
export function SourceTable({ sources }: { sources: RoiSourceTotal[] }) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const put = usePutIncomeChoice();
  return (
    <div className="sm:overflow-x-auto">
      <table className="stacked-table w-full min-w-[48rem] text-left text-sm" data-testid="roi-sources">
        <caption className="sr-only">{t("sources.title")}</caption>
        <thead className="text-xs text-text-muted">
          <tr>
            <th className="py-1.5 pr-3 font-medium">{t("sources.source")}</th>
            <th className="py-1.5 pr-3 font-medium">{t("sources.token")}</th>
            <th className="py-1.5 pr-3 text-right font-medium">{t("sources.payouts")}</th>
            <th className="py-1.5 pr-3 text-right font-medium">{t("sources.amount")}</th>
            <th className="py-1.5 pr-3 text-right font-medium">{t("sources.eur")}</th>
            <th className="py-1.5 pr-3 text-right font-medium">{t("sources.usd")}</th>
            <th className="py-1.5 pr-3 font-medium">{t("sources.last")}</th>
            <th className="py-1.5 font-medium">{t("sources.choice")}</th>
          </tr>
        </thead>
        <tbody className="tabular divide-y divide-border">
          {sources.map((s) => (
            <tr key={`${s.chainId}:${s.source}:${s.token}`}>
              <td data-label={t("sources.source")} className="py-1.5 pr-3">
                <span className="font-mono text-xs" title={s.source}>
                  {shortAddress(s.source)}
                </span>{" "}
                <span className="text-xs text-text-muted">{shortChainName(s.chainId)}</span>
              </td>
              <td data-label={t("sources.token")} className="py-1.5 pr-3 font-medium">
                {s.tokenSymbol}
              </td>
              <td data-label={t("sources.payouts")} className="py-1.5 pr-3 text-right">
                {formatInteger(s.payouts, lang)}
              </td>
              <td data-label={t("sources.amount")} className="py-1.5 pr-3 text-right">
                {formatTokenBalance(s.amount, lang)}
              </td>
              <td data-label={t("sources.eur")} className="py-1.5 pr-3 text-right">
                {eur(s.eur, lang)}
              </td>
              <td data-label={t("sources.usd")} className="py-1.5 pr-3 text-right">
                {usd(s.usd, lang)}
              </td>
              <td data-label={t("sources.last")} className="py-1.5 pr-3 whitespace-nowrap">
                {formatDateTime(new Date(s.lastPayout * 1000).toISOString(), lang)}
              </td>
              <td data-label={t("sources.choice")} className="py-1.5">
                <button
                  type="button"
                  disabled={put.isPending}
                  onClick={() => put.mutate({ chainId: s.chainId, address: s.source, income: false })}
                  className="rounded-md px-2 py-1 text-sm font-medium text-accent hover:bg-surface-sunken disabled:opacity-50"
                  data-testid="not-income"
                >
                  {t("sources.notIncome")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The payouts of the last 90 days, newest first; dust and unpriced ones are flagged. */
export function PayoutList({ payouts }: { payouts: RoiPayout[] }) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const [limit, setLimit] = useState(PAGE);
  return (
    <>
      <div className="sm:overflow-x-auto">
        <table className="stacked-table w-full min-w-[40rem] text-left text-sm" data-testid="roi-payouts">
          <caption className="sr-only">{t("payouts.title")}</caption>
          <thead className="text-xs text-text-muted">
            <tr>
              <th className="py-1.5 pr-3 font-medium">{t("payouts.time")}</th>
              <th className="py-1.5 pr-3 font-medium">{t("payouts.token")}</th>
              <th className="py-1.5 pr-3 text-right font-medium">{t("payouts.amount")}</th>
              <th className="py-1.5 pr-3 text-right font-medium">{t("payouts.eur")}</th>
              <th className="py-1.5 pr-3 text-right font-medium">{t("payouts.usd")}</th>
              <th className="py-1.5 font-medium">{t("payouts.source")}</th>
            </tr>
          </thead>
          <tbody className="tabular divide-y divide-border">
            {payouts.slice(0, limit).map((p) => (
              <tr key={`${p.chainId}:${p.hash}:${p.wallet}:${p.token}`} data-testid="roi-payout">
                <td data-label={t("payouts.time")} className="py-1.5 pr-3 whitespace-nowrap">
                  {formatDateTime(new Date(p.timeStamp * 1000).toISOString(), lang)}
                </td>
                <td data-label={t("payouts.token")} className="py-1.5 pr-3 font-medium">
                  {p.tokenSymbol}
                </td>
                <td data-label={t("payouts.amount")} className="py-1.5 pr-3 text-right">
                  {formatTokenBalance(p.amount, lang)}
                </td>
                <td data-label={t("payouts.eur")} className="py-1.5 pr-3 text-right">
                  {p.valueEur === null ? (
                    <span className="text-warning">{t("payouts.unknown")}</span>
                  ) : (
                    eur(p.valueEur, lang)
                  )}
                </td>
                <td data-label={t("payouts.usd")} className="py-1.5 pr-3 text-right">
                  {p.value === null ? (
                    <span className="text-warning">{t("payouts.unknown")}</span>
                  ) : (
                    <>
                      {usd(p.value, lang)}
                      {p.dust ? <span className="ml-1 text-xs text-warning">{t("payouts.dust")}</span> : null}
                    </>
                  )}
                </td>
                <td data-label={t("payouts.source")} className="py-1.5 font-mono text-xs" title={p.source}>
                  {shortAddress(p.source)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {payouts.length > limit ? (
        <button
          type="button"
          onClick={() => setLimit((l) => l + PAGE)}
          className="mt-2 rounded-md px-3 py-1.5 text-sm font-medium text-accent hover:bg-surface-sunken"
        >
          {t("payouts.more", { count: Math.min(PAGE, payouts.length - limit) })}
        </button>
      ) : null}
    </>
  );
}
