import { type Investment, investmentReturn } from "@pulsemanager/core";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDay, formatPercent, formatTokenBalance } from "../../lib/format-number.ts";
import { investmentsTotal, usdFigures } from "./investment-figures.ts";
import { eur, usd } from "./roi-money.ts";

/** An amount in the currency it was entered in. */
function money(value: string, currency: Investment["currency"], lang: string): string {
  return currency === "EUR" ? eur(value, lang) : usd(value, lang);
}

/** The investments with the return of each and of all. */
export function InvestmentsTable({
  investments,
  onEdit,
  onDelete,
}: {
  investments: readonly Investment[];
  onEdit: (investment: Investment) => void;
  onDelete: (investment: Investment) => void;
}) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  return (
    <DataTable
      caption={t("investments.title")}
      scroll
      className="min-w-[44rem]"
      head={
        <>
          <Th>{t("investments.fields.name")}</Th>
          <Th right>{t("investments.fields.quantity")}</Th>
          <Th>{t("investments.fields.purchaseDate")}</Th>
          <Th right>{t("investments.columns.purchasePrice")}</Th>
          <Th right>{t("investments.columns.currentValue")}</Th>
          <Th right>{t("investments.returnUsd")}</Th>
          <Th edge="last">
            <span className="sr-only">{t("investments.actions")}</span>
          </Th>
        </>
      }
      foot={<TotalRow investments={investments} />}
    >
      {investments.map((inv) => (
        <InvestmentRow
          key={inv.id}
          investment={inv}
          lang={lang}
          onEdit={() => onEdit(inv)}
          onDelete={() => onDelete(inv)}
        />
      ))}
    </DataTable>
  );
}

function TotalRow({ investments }: { investments: readonly Investment[] }) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const total = investmentsTotal(investments);
  return (
    <tr data-testid="investments-total">
      <td className="py-2 pr-3">
        {t("investments.total")}
        {total.leftOut > 0 ? (
          <span className="block text-xs font-normal text-text-muted" data-testid="investments-left-out">
            {t("investments.leftOut", { count: total.leftOut })}
          </span>
        ) : null}
      </td>
      <td />
      <td />
      <td data-label={t("investments.columns.purchasePrice")} className="py-2 pr-3 text-right">
        {usd(total.purchase, lang)}
      </td>
      <td data-label={t("investments.columns.currentValue")} className="py-2 pr-3 text-right">
        {usd(total.current, lang)}
      </td>
      <td data-label={t("investments.returnUsd")} className="py-2 pr-3 text-right">
        <ReturnText absolute={total.absolute} percent={total.percent} lang={lang} />
      </td>
      <td />
    </tr>
  );
}

function InvestmentRow(props: { investment: Investment; lang: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation("roi");
  const { investment: inv, lang } = props;
  const figures = usdFigures(inv);
  const r = figures ? investmentReturn([figures]) : null;
  return (
    <tr data-testid="investment-row">
      <Td label={t("investments.fields.name")}>
        <span className="font-medium">{inv.name}</span>
        {inv.symbol ? <span className="ml-1 text-xs text-text-muted">{inv.symbol}</span> : null}
        {inv.note ? <span className="block text-xs text-text-muted">{inv.note}</span> : null}
      </Td>
      <Td label={t("investments.fields.quantity")} right>
        {inv.quantity ? formatTokenBalance(inv.quantity, lang) : "–"}
      </Td>
      <Td label={t("investments.fields.purchaseDate")} nowrap>
        {formatDay(inv.purchaseDate, lang)}
      </Td>
      <Td label={t("investments.columns.purchasePrice")} right>
        {money(inv.purchasePrice, inv.currency, lang)}
      </Td>
      <Td label={t("investments.columns.currentValue")} right>
        {inv.liveValueUsd !== null ? usd(inv.liveValueUsd, lang) : money(inv.currentValue, inv.currency, lang)}
        {inv.liveValueUsd !== null ? (
          <span className="block text-xs text-text-muted" title={t("investments.liveHint")}>
            {t("investments.live")}
          </span>
        ) : null}
      </Td>
      <Td label={t("investments.returnUsd")} right>
        {r ? (
          <ReturnText absolute={r.absolute} percent={r.percent} lang={lang} />
        ) : (
          <span className="text-xs text-text-muted">{t("investments.noRate")}</span>
        )}
      </Td>
      <Td edge="last" nowrap>
        <button
          type="button"
          onClick={props.onEdit}
          className="rounded p-1 text-text-muted hover:text-text"
          aria-label={t("investments.editLabel", { name: inv.name })}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={props.onDelete}
          className="rounded p-1 text-text-muted hover:text-negative"
          aria-label={t("investments.deleteLabel", { name: inv.name })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </Td>
    </tr>
  );
}

function ReturnText({ absolute, percent, lang }: { absolute: string; percent: string | null; lang: string }) {
  const negative = absolute.startsWith("-");
  const positive = !negative && /[1-9]/.test(absolute);
  return (
    <span className={cn(positive && "text-positive", negative && "text-negative")}>
      {positive ? "+" : ""}
      {usd(absolute, lang)}
      {percent !== null ? ` (${positive ? "+" : ""}${formatPercent(percent, lang)})` : ""}
    </span>
  );
}
