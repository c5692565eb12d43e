import type { UnknownCostEntry } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../../components/data-table.tsx";
import { MoreButton } from "../../../components/more-button.tsx";
import { usePaged } from "../../../components/use-paged.ts";
import { formatAmount, formatReportDate } from "../report-format.ts";
import { reportWalletLabel } from "../report-wallet.ts";
import { LIST_PAGE } from "./list-page.ts";
import { TxRef } from "./tx-ref.tsx";

/** The disposals whose acquisition cost is unknown, with the reason. */
export function UnknownCostsTable({ entries }: { entries: readonly UnknownCostEntry[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const { shown, rest, next, more } = usePaged(entries, LIST_PAGE);
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.unknownCostsHint")}</p>
      <DataTable
        caption={t("lists.unknownCosts")}
        scroll
        className="min-w-[36rem]"
        head={
          <>
            <Th>{t("lists.date")}</Th>
            <Th>{t("lists.token")}</Th>
            <Th right>{t("lists.amount")}</Th>
            <Th>{t("lists.reason")}</Th>
            <Th>{t("lists.wallet")}</Th>
            <Th>{t("lists.hash")}</Th>
          </>
        }
      >
        {shown.map((entry, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one transaction can list the same token twice.
          <tr key={i}>
            <Td label={t("lists.date")} nowrap>
              {formatReportDate(entry.date, lang)}
            </Td>
            <Td label={t("lists.token")} className="font-medium">
              {entry.symbol}
            </Td>
            <Td label={t("lists.amount")} right nowrap>
              {formatAmount(entry.amount, lang)}
            </Td>
            <Td label={t("lists.reason")}>{t(`details.unknown.${entry.reason}`)}</Td>
            <Td label={t("lists.wallet")} className="font-mono text-xs" title={entry.wallet}>
              {reportWalletLabel(entry.wallet, t)}
            </Td>
            <Td label={t("lists.hash")}>
              <TxRef hash={entry.hash} asset={entry.asset} />
            </Td>
          </tr>
        ))}
      </DataTable>
      <MoreButton rest={rest} onMore={more}>
        {t("lists.more", { count: next })}
      </MoreButton>
    </>
  );
}
