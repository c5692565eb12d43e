import type { MissingPriceEntry } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Td, Th } from "../../../components/data-table.tsx";
import { formatReportDate } from "../report-format.ts";
import { PagedListTable } from "./paged-list-table.tsx";
import { TxRef } from "./tx-ref.tsx";
import { WalletCell } from "./wallet-cell.tsx";

/** The transfers the report could not price. */
export function MissingPricesTable({ entries }: { entries: readonly MissingPriceEntry[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.missingPricesHint")}</p>
      <PagedListTable
        items={entries}
        caption={t("lists.missingPrices")}
        head={
          <>
            <Th>{t("lists.date")}</Th>
            <Th>{t("lists.token")}</Th>
            <Th>{t("lists.what")}</Th>
            <Th>{t("lists.wallet")}</Th>
            <Th>{t("lists.hash")}</Th>
          </>
        }
        row={(entry, i) => (
          // Keyed by position: entries have no id; the list is fixed per result.
          <tr key={i}>
            <Td label={t("lists.date")} nowrap>
              {formatReportDate(entry.date, lang)}
            </Td>
            <Td label={t("lists.token")} className="font-medium">
              {entry.symbol}
            </Td>
            <Td label={t("lists.what")}>{t(`lists.missingWhat.${entry.what}`)}</Td>
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
