import type { OpenLot } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../../components/data-table.tsx";
import { MoreButton } from "../../../components/more-button.tsx";
import { usePaged } from "../../../components/use-paged.ts";
import { formatAmount, formatEur, formatReportDate } from "../report-format.ts";
import { reportWalletLabel } from "../report-wallet.ts";
import { LIST_PAGE } from "./list-page.ts";

/** The lots still open at the end of the report year. */
export function HoldingsTable({ lots }: { lots: readonly OpenLot[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const { shown, rest, next, more } = usePaged(lots, LIST_PAGE);
  const unknown = <span className="text-warning">{t("unknownValue")}</span>;
  return (
    <>
      <DataTable
        caption={t("lists.holdingsCaption")}
        scroll
        className="min-w-[36rem]"
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
      >
        {shown.map((lot, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: open lots have no id; the list is fixed per result.
          <tr key={i}>
            <Td label={t("lists.token")} className="font-medium">
              {lot.symbol}
            </Td>
            <Td label={t("lists.wallet")} className="font-mono text-xs" title={lot.wallet}>
              {reportWalletLabel(lot.wallet, t)}
            </Td>
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
        ))}
      </DataTable>
      <MoreButton rest={rest} onMore={more}>
        {t("lists.more", { count: next })}
      </MoreButton>
    </>
  );
}
