import type { UnknownGroup as Group } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { TokenIcon } from "../../../components/token-icon.tsx";
import { shortAddress, shortChainName } from "../../../lib/address.ts";
import { formatAmount, formatEur, formatReportDate } from "../report-format.ts";
import { TxLink } from "./tx-link.tsx";

/** The token of a group, how it arrived, and the EUR at stake. */
export function GroupHeader({ group, headingId }: { group: Group; headingId: string }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <TokenIcon symbol={group.symbol} address={group.token} />
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-2 font-semibold">
          {group.symbol}
          <span className="text-xs font-normal text-text-muted">
            {shortChainName(group.chainId)}{" "}
            {group.token === "native" ? null : (
              <span className="font-mono" title={group.token}>
                {shortAddress(group.token)}
              </span>
            )}
          </span>
        </h3>
        <p className="text-sm text-text-muted">{t(`openPoints.arrivalKinds.${group.arrivalKind}`)}</p>
      </div>
      <p className="tabular text-sm sm:text-right">
        <span className="block text-xs text-text-muted">{t("openPoints.atStake")}</span>
        <span className="font-semibold">{formatEur(group.eurAtStake, lang)}</span>
      </p>
    </div>
  );
}

/** Each arrival of a group: date, amount, the part disposed of, transaction, wallet, EUR at stake. */
export function ArrivalsList({ group }: { group: Group }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  return (
    <ul
      className="tabular space-y-1 text-xs sm:ml-11"
      aria-label={t("openPoints.arrivalsLabel", { symbol: group.symbol })}
    >
      {group.arrivals.map((arrival) => (
        <li
          key={`${arrival.txHash}-${arrival.wallet}`}
          className="flex flex-wrap items-center gap-x-3 gap-y-0.5"
          data-testid="open-arrival"
        >
          <span>{formatReportDate(arrival.arrivedOn, lang)}</span>
          <span>
            {formatAmount(arrival.amount, lang)} {group.symbol}
          </span>
          {arrival.disposedAmount !== arrival.amount ? (
            <span className="text-text-muted">
              {t("openPoints.disposed", { amount: formatAmount(arrival.disposedAmount, lang), symbol: group.symbol })}
            </span>
          ) : null}
          <TxLink chainId={arrival.chainId} hash={arrival.txHash} />
          <span className="text-text-muted" title={arrival.wallet}>
            {t("openPoints.inWallet", { wallet: shortAddress(arrival.wallet) })}
          </span>
          <span className="sm:ml-auto">
            {arrival.eurAtStake === null ? (
              <span className="text-warning">{t("openPoints.noPrice")}</span>
            ) : (
              formatEur(arrival.eurAtStake, lang)
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
