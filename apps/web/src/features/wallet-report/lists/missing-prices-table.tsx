import type { MissingPriceEntry } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../../components/data-table.tsx";
import { MoreButton } from "../../../components/more-button.tsx";
import { usePaged } from "../../../components/use-paged.ts";
import { formatReportDate } from "../report-format.ts";
import { reportWalletLabel } from "../report-wallet.ts";
import { LIST_PAGE } from "./list-page.ts";
import { TxRef } from "./tx-ref.tsx";

/** The transfers the report could not price. */
export function MissingPricesTable({ entries }: { entries: readonly MissingPriceEntry[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const { shown, rest, next, more } = usePaged(entries, LIST_PAGE);
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.missingPricesHint")}</p>
      <DataTable
        caption={t("lists.missingPrices")}
        scroll
        className="min-w-[36rem]"
        head={
          <>
            <Th>{t("lists.date")}</Th>
            <Th>{t("lists.token")}</Th>
            <Th>{t("lists.what")}</Th>
            <Th>{t("lists.wallet")}</Th>
            <Th>{t("lists.hash")}</Th>
          </>
        }
      >
        {shown.map((entry, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list is fixed per result.
          <tr key={i}>
            <Td label={t("lists.date")} nowrap>
              {formatReportDate(entry.date, lang)}
            </Td>
            <Td label={t("lists.token")} className="font-medium">
              {entry.symbol}
            </Td>
            <Td label={t("lists.what")}>{t(`lists.missingWhat.${entry.what}`)}</Td>
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
