import type { RoiPayout, RoiSourceTotal } from "@pulsemanager/core";
import { CircleSlash } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { Modal } from "../../components/modal.tsx";
import { MoreButton } from "../../components/more-button.tsx";
import { usePaged } from "../../components/use-paged.ts";
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
    <>
      <DataTable
        caption={t("sources.title")}
        scroll
        className="sm:min-w-[48rem]"
        testId="roi-sources"
        head={
          <>
            <Th>{t("sources.source")}</Th>
            <Th>{t("sources.token")}</Th>
            <Th right>{t("sources.payouts")}</Th>
            <Th right>{t("sources.amount")}</Th>
            <Th right>{t("sources.eur")}</Th>
            <Th right>{t("sources.usd")}</Th>
            <Th>{t("sources.last")}</Th>
            <Th edge="last">
              <span className="sr-only">{t("sources.choice")}</span>
            </Th>
          </>
        }
      >
        {sources.map((s) => (
          <tr key={`${s.chainId}:${s.source}:${s.token}`}>
            <Td label={t("sources.source")}>
              <SourceLabel source={s} /> <span className="text-xs text-text-muted">{shortChainName(s.chainId)}</span>
            </Td>
            <Td label={t("sources.token")} className="font-medium">
              {s.tokenSymbol}
            </Td>
            <Td label={t("sources.payouts")} right>
              {formatInteger(s.payouts, lang)}
            </Td>
            <Td label={t("sources.amount")} right>
              {formatTokenBalance(s.amount, lang)}
            </Td>
            <Td label={t("sources.eur")} right>
              {eur(s.eur, lang)}
            </Td>
            <Td label={t("sources.usd")} right>
              {usd(s.usd, lang)}
            </Td>
            <Td label={t("sources.last")} nowrap>
              {formatDateTime(new Date(s.lastPayout * 1000).toISOString(), lang)}
            </Td>
            <Td edge="last">
              <Button variant="secondary" onClick={() => setDropping(s)} data-testid="not-income">
                <CircleSlash className="size-4" aria-hidden="true" />
                {t("sources.notIncome")}
              </Button>
            </Td>
          </tr>
        ))}
      </DataTable>
      <NotIncomeDialog source={dropping} onClose={() => setDropping(null)} />
    </>
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
  const { shown, rest, next, more } = usePaged(payouts, PAGE);
  return (
    <>
      <DataTable
        caption={t("payouts.title")}
        scroll
        className="sm:min-w-[48rem]"
        testId="roi-payouts"
        head={
          <>
            <Th>{t("payouts.time")}</Th>
            <Th>{t("payouts.token")}</Th>
            <Th right>{t("payouts.amount")}</Th>
            <Th right>{t("payouts.eur")}</Th>
            <Th right>{t("payouts.usd")}</Th>
            <Th>{t("payouts.source")}</Th>
            <Th edge="last">{t("payouts.wallet")}</Th>
          </>
        }
      >
        {shown.map((p) => (
          <tr key={`${p.chainId}:${p.hash}:${p.wallet}:${p.token}`} data-testid="roi-payout">
            <Td label={t("payouts.time")} nowrap>
              {formatDateTime(new Date(p.timeStamp * 1000).toISOString(), lang)}
            </Td>
            <Td label={t("payouts.token")} className="font-medium">
              {p.tokenSymbol}
            </Td>
            <Td label={t("payouts.amount")} right>
              {formatTokenBalance(p.amount, lang)}
            </Td>
            <Td label={t("payouts.eur")} right>
              {p.valueEur === null ? (
                <span className="text-warning">{t("payouts.unknown")}</span>
              ) : (
                eur(p.valueEur, lang)
              )}
            </Td>
            <Td label={t("payouts.usd")} right>
              {p.value === null ? (
                <span className="text-warning">{t("payouts.unknown")}</span>
              ) : (
                <>
                  {usd(p.value, lang)}
                  {p.dust ? <span className="ml-1 text-xs text-warning">{t("payouts.dust")}</span> : null}
                </>
              )}
            </Td>
            <Td label={t("payouts.source")}>
              <SourceLabel source={p} />
            </Td>
            <Td label={t("payouts.wallet")} edge="last" className="break-words" title={p.wallet}>
              <span data-testid="roi-payout-wallet">{walletName(p.wallet, wallets)}</span>
            </Td>
          </tr>
        ))}
      </DataTable>
      <MoreButton rest={rest} onMore={more}>
        {t("payouts.more", { count: next })}
      </MoreButton>
    </>
  );
}
