import type { UnknownCostEntry } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Td, Th } from "../../../components/data-table.tsx";
import { formatAmount, formatReportDate } from "../report-format.ts";
import { PagedListTable } from "./paged-list-table.tsx";
import { TxRef } from "./tx-ref.tsx";
import { WalletCell } from "./wallet-cell.tsx";

/** The disposals whose acquisition cost is unknown, with the reason. */
export function UnknownCostsTable({ entries }: { entries: readonly UnknownCostEntry[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.unknownCostsHint")}</p>
      <PagedListTable
        items={entries}
        caption={t("lists.unknownCosts")}
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
        row={(entry, i) => (
          // Keyed by position: one transaction can list the same token twice.
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
            <WalletCell wallet={entry.wallet} />
            <Td label={t("lists.hash")}>
              <TxRef hash={entry.hash} asset={entry.asset} />
            </Td>
          </tr>
        )}
      />
    </>
  );
}
