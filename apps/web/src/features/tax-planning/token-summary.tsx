import type { PlannedToken } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { MoreButton } from "../../components/more-button.tsx";
import { usePaged } from "../../components/use-paged.ts";
import { formatDay } from "../../lib/format-number.ts";
import { eur, gainClass, tokens } from "./planning-format.ts";

const PAGE = 20;

/** Per token over all wallets: amount, how much is tax-free today, cost, value, open gain, the next tax-free day. */
export function TokenSummary({ rows }: { rows: readonly PlannedToken[] }) {
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  const label = (key: string) => t(`tokens.columns.${key}`);
  const paged = usePaged(rows, PAGE);
  const head = (
    <>
      <Th edge="first">{label("token")}</Th>
      <Th right>{label("amount")}</Th>
      <Th right>{label("taxFree")}</Th>
      <Th right>{label("value")}</Th>
      <Th right>{label("gain")}</Th>
      <Th edge="last">{label("next")}</Th>
    </>
  );
  return (
    <Card data-testid="planning-tokens">
      <h2 className="mb-3 text-base font-semibold">{t("tokens.title")}</h2>
      <DataTable caption={t("tokens.title")} head={head} scroll className="sm:min-w-[36rem]">
        {paged.shown.map((row) => (
          <tr key={row.asset}>
            <Td edge="first" label={label("token")} className="font-medium">
              {row.symbol}
            </Td>
            <Td right label={label("amount")}>
              {tokens(row.amount, lang)}
            </Td>
            <Td right label={label("taxFree")}>
              {tokens(row.taxFreeAmount, lang)}
            </Td>
            <Td right label={label("value")}>
              {eur(row.value, lang)}
            </Td>
            <Td right label={label("gain")} className={gainClass(row.gain)}>
              {eur(row.gain, lang)}
            </Td>
            <Td edge="last" nowrap label={label("next")}>
              {row.nextTaxFree ? formatDay(row.nextTaxFree, lang) : "–"}
            </Td>
          </tr>
        ))}
      </DataTable>
      <MoreButton rest={paged.rest} onMore={paged.more}>
        {t("lots.more", { count: paged.next })}
      </MoreButton>
    </Card>
  );
}
