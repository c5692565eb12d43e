import type { OpenLot } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Td, Th } from "../../../components/data-table.tsx";
import { formatAmount, formatEur, formatReportDate } from "../report-format.ts";
import { PagedListTable } from "./paged-list-table.tsx";
import { WalletCell } from "./wallet-cell.tsx";

/** The lots still open at the end of the report year. */
export function HoldingsTable({ lots }: { lots: readonly OpenLot[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const unknown = <span className="text-warning">{t("unknownValue")}</span>;
  return (
    <>
      <PagedListTable
        items={lots}
        caption={t("lists.holdingsCaption")}
        head={
          <>
            <Th>{t("lists.token")}</Th>
            <Th>{t("lists.wallet")}</Th>
            <Th right>{t("lists.amount")}</Th>
            <Th>{t("lists.acquired")}</Th>
            <Th right>{t("lists.cost")}</Th>
            <Th>{t("lists.taxFreeFrom")}</Th>
          </>
        }
        row={(lot, i) => (
          // Keyed by position: open lots have no id; the list is fixed per result.
          <tr key={i}>
            <Td label={t("lists.token")} className="font-medium">
              {lot.symbol}
            </Td>
            <WalletCell wallet={lot.wallet} />
            <Td label={t("lists.amount")} right nowrap>
              {formatAmount(lot.amount, lang)}
            </Td>
            <Td label={t("lists.acquired")} nowrap>
              {lot.acquired ? formatReportDate(lot.acquired, lang) : unknown}
            </Td>
            <Td label={t("lists.cost")} right nowrap>
              {formatEur(lot.cost, lang) ?? unknown}
            </Td>
            <Td label={t("lists.taxFreeFrom")} nowrap>
              {lot.taxFreeFrom ? formatReportDate(lot.taxFreeFrom, lang) : unknown}
            </Td>
          </tr>
        )}
      />
    </>
  );
}
