import type { PlannedLot } from "@pulsemanager/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { MoreButton } from "../../components/more-button.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { inputClassName } from "../../components/text-field.tsx";
import { usePaged } from "../../components/use-paged.ts";
import { shortAddress } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-number.ts";
import { LOT_ORDERS, type LotOrder, orderedLots } from "./lot-order.ts";
import { eur, gainClass, tokens } from "./planning-format.ts";

const PAGE = 50;

/** Every open lot: search by token or wallet, ordered by tax-free date, value, gain or acquisition. */
export function OpenLotsTable({ lots }: { lots: readonly PlannedLot[] }) {
  const { t } = useTranslation("tax-planning");
  const [order, setOrder] = useState<LotOrder>("taxFree");
  const [search, setSearch] = useState("");
  const shown = orderedLots(lots, order, search);
  return (
    <Card data-testid="open-lots">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold">{t("lots.title")}</h2>
          <p className="text-xs text-text-muted">{t("lots.hint")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <label className="sr-only" htmlFor="lots-search">
            {t("lots.search")}
          </label>
          <SearchInput id="lots-search" placeholder={t("lots.search")} value={search} onValue={setSearch} />
          <label className="sr-only" htmlFor="lots-order">
            {t("lots.order")}
          </label>
          <select
            id="lots-order"
            className={cn(inputClassName, "w-auto")}
            value={order}
            onChange={(e) => setOrder(e.target.value as LotOrder)}
          >
            {LOT_ORDERS.map((o) => (
              <option key={o} value={o}>
                {t(`lots.orders.${o}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-text-muted">{t(lots.length === 0 ? "lots.empty" : "lots.noMatch")}</p>
      ) : (
        <LotRows key={`${order} ${search}`} lots={shown} />
      )}
    </Card>
  );
}

function LotRows({ lots }: { lots: readonly PlannedLot[] }) {
  const { t } = useTranslation("tax-planning");
  const paged = usePaged(lots, PAGE);
  const head = (
    <>
      <Th edge="first">{t("lots.columns.token")}</Th>
      <Th right>{t("lots.columns.amount")}</Th>
      <Th>{t("lots.columns.acquired")}</Th>
      <Th right>{t("lots.columns.cost")}</Th>
      <Th right>{t("lots.columns.value")}</Th>
      <Th right>{t("lots.columns.gain")}</Th>
      <Th edge="last">{t("lots.columns.taxFree")}</Th>
    </>
  );
  return (
    <>
      <DataTable caption={t("lots.title")} head={head} scroll className="sm:min-w-[44rem]">
        {paged.shown.map((lot, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: open lots have no id; the list is rebuilt when its order changes.
          <LotRow key={`${lot.wallet}-${lot.asset}-${lot.acquired}-${i}`} lot={lot} />
        ))}
      </DataTable>
      <MoreButton rest={paged.rest} onMore={paged.more}>
        {t("lots.more", { count: paged.next })}
      </MoreButton>
    </>
  );
}

function LotRow({ lot }: { lot: PlannedLot }) {
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  const columns = (key: string) => t(`lots.columns.${key}`);
  return (
    <tr>
      <Td edge="first" label={columns("token")}>
        <span className="font-medium">{lot.symbol}</span>
        <span className="block text-xs text-text-muted">
          {shortAddress(lot.wallet)}
          {lot.stakeId ? ` · ${t("lots.stake", { id: lot.stakeId })}` : ""}
        </span>
      </Td>
      <Td right label={columns("amount")}>
        {tokens(lot.amount, lang)}
      </Td>
      <Td nowrap label={columns("acquired")}>
        {lot.acquired ? formatDay(lot.acquired, lang) : t("lots.unknownDate")}
      </Td>
      <Td right label={columns("cost")}>
        {lot.gap ? <span className="text-warning">{t(`lots.gaps.${lot.gap}`)}</span> : eur(lot.cost, lang)}
      </Td>
      <Td right label={columns("value")}>
        {eur(lot.value, lang)}
      </Td>
      <Td right label={columns("gain")} className={gainClass(lot.gain)}>
        {eur(lot.gain, lang)}
      </Td>
      <Td edge="last" nowrap label={columns("taxFree")}>
        <TaxFreeCell lot={lot} />
      </Td>
    </tr>
  );
}

function TaxFreeCell({ lot }: { lot: PlannedLot }) {
  const { t, i18n } = useTranslation("tax-planning");
  if (lot.taxFreeFrom === null || lot.daysUntilTaxFree === null) return <>{t("lots.unknownDate")}</>;
  if (lot.daysUntilTaxFree === 0) return <span className="text-positive">{t("lots.taxFreeNow")}</span>;
  return (
    <>
      {formatDay(lot.taxFreeFrom, i18n.language)}
      <span className="block text-xs text-text-muted">{t("lots.inDays", { count: lot.daysUntilTaxFree })}</span>
    </>
  );
}
