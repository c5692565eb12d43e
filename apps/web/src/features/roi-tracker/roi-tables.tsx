import type { RoiPayout, RoiSourceTotal } from "@pulsemanager/core";
import { CircleSlash } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Modal } from "../../components/modal.tsx";
import { shortAddress, shortChainName } from "../../lib/address.ts";
import { formatDateTime, formatInteger, formatTokenBalance } from "../../lib/format-number.ts";
import { useWallets } from "../wallets/index.ts";
import { usePutIncomeChoice } from "./income-choices-api.ts";
import { sourceName, walletName } from "./roi-labels.ts";
import { eur, usd } from "./roi-money.ts";

const PAGE = 50;

/** A paying contract by the token it pays for ("PLSX-Drucker"), its address below; the address alone when no token names it. */
function SourceLabel({
  source,
}: {
  source: Pick<RoiSourceTotal, "source" | "sourceOwner" | "tokenSymbol" | "chainId">;
}) {
  const { t } = useTranslation("roi");
  const name = sourceName(source);
  const address = (
    <span className="font-mono text-xs text-text-muted" title={source.source}>
      {shortAddress(source.source)}
    </span>
  );
  if (!name) return address;
  return (
    <span className="inline-flex flex-col">
      <span className="font-medium" data-testid="roi-source-name">
        {t(name.key, { symbol: name.symbol })}
      </span>
      {address}
    </span>
  );
}

/** Income per paying contract (printer distributor or dividend tracker) and reward token. */
export function SourceTable({ sources }: { sources: RoiSourceTotal[] }) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const [dropping, setDropping] = useState<RoiSourceTotal | null>(null);
  return (
    <div className="sm:overflow-x-auto">
      <table className="stacked-table w-full text-left text-sm sm:min-w-[48rem]" data-testid="roi-sources">
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
            <th className="py-1.5 font-medium">
              <span className="sr-only">{t("sources.choice")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="tabular divide-y divide-border">
          {sources.map((s) => (
            <tr key={`${s.chainId}:${s.source}:${s.token}`}>
              <td data-label={t("sources.source")} className="py-1.5 pr-3">
                <SourceLabel source={s} /> <span className="text-xs text-text-muted">{shortChainName(s.chainId)}</span>
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
              <td className="py-1.5">
                <Button variant="secondary" onClick={() => setDropping(s)} data-testid="not-income">
                  <CircleSlash className="size-4" aria-hidden="true" />
                  {t("sources.notIncome")}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <NotIncomeDialog source={dropping} onClose={() => setDropping(null)} />
    </div>
  );
}

/** Asks before a whole source's payouts stop counting as income. */
function NotIncomeDialog({ source, onClose }: { source: RoiSourceTotal | null; onClose: () => void }) {
  const { t } = useTranslation("roi");
  const put = usePutIncomeChoice();
  const name = source ? sourceName(source) : null;
  const label = source ? (name ? t(name.key, { symbol: name.symbol }) : shortAddress(source.source)) : "";
  return (
    <Modal
      open={source !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("sources.confirmTitle")}
      description={t("sources.confirmText", { name: label, count: source?.payouts ?? 0 })}
      testId="not-income-dialog"
    >
      {put.isError ? <Alert variant="error">{t("sources.confirmFailed")}</Alert> : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("sources.cancel")}
        </Button>
        <Button
          variant="danger"
          loading={put.isPending}
          onClick={() => {
            if (source)
              put.mutate({ chainId: source.chainId, address: source.source, income: false }, { onSuccess: onClose });
          }}
        >
          {t("sources.confirm")}
        </Button>
      </div>
    </Modal>
  );
}

/** The payouts of the last 90 days, newest first; dust and unpriced ones are flagged. */
export function PayoutList({ payouts }: { payouts: RoiPayout[] }) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const wallets = useWallets().data ?? [];
  const [limit, setLimit] = useState(PAGE);
  return (
    <>
      <div className="sm:overflow-x-auto">
        <table className="stacked-table w-full text-left text-sm sm:min-w-[48rem]" data-testid="roi-payouts">
          <caption className="sr-only">{t("payouts.title")}</caption>
          <thead className="text-xs text-text-muted">
            <tr>
              <th className="py-1.5 pr-3 font-medium">{t("payouts.time")}</th>
              <th className="py-1.5 pr-3 font-medium">{t("payouts.token")}</th>
              <th className="py-1.5 pr-3 text-right font-medium">{t("payouts.amount")}</th>
              <th className="py-1.5 pr-3 text-right font-medium">{t("payouts.eur")}</th>
              <th className="py-1.5 pr-3 text-right font-medium">{t("payouts.usd")}</th>
              <th className="py-1.5 pr-3 font-medium">{t("payouts.source")}</th>
              <th className="py-1.5 font-medium">{t("payouts.wallet")}</th>
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
                <td data-label={t("payouts.source")} className="py-1.5 pr-3">
                  <SourceLabel source={p} />
                </td>
                <td data-label={t("payouts.wallet")} className="py-1.5 break-words" title={p.wallet}>
                  <span data-testid="roi-payout-wallet">{walletName(p.wallet, wallets)}</span>
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
