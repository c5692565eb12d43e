import { type Investment, type InvestmentInput, investmentReturn } from "@pulsemanager/core";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { Modal } from "../../components/modal.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDay, formatPercent, formatTokenBalance } from "../../lib/format-number.ts";
import { investmentsTotal, usdFigures } from "./investment-figures.ts";
import { InvestmentForm } from "./investment-form.tsx";
import { investmentsApi, useInvestmentChange, useInvestments } from "./investments-api.ts";
import { eur, usd } from "./roi-money.ts";

type Editing = { kind: "add" } | { kind: "edit"; investment: Investment } | null;

/** An amount in the currency it was entered in. */
function money(value: string, currency: Investment["currency"], lang: string): string {
  return currency === "EUR" ? eur(value, lang) : usd(value, lang);
}

/** Manual investments: the list with the return of each and of all, add, edit, delete (confirmed). */
export function InvestmentsSection() {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const list = useInvestments();
  const add = useInvestmentChange(investmentsApi.add);
  const update = useInvestmentChange(investmentsApi.update);
  const remove = useInvestmentChange(investmentsApi.remove);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Investment | null>(null);
  const investments = list.data ?? [];
  const total = investmentsTotal(investments);

  const save = async (input: InvestmentInput) => {
    if (editing?.kind === "edit") await update.mutateAsync({ id: editing.investment.id, body: input });
    else await add.mutateAsync(input);
    setEditing(null);
  };

  return (
    <Card data-testid="investments">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold">{t("investments.title")}</h2>
          <p className="text-xs text-text-muted">{t("investments.hint")}</p>
        </div>
        <Button onClick={() => setEditing({ kind: "add" })}>
          <Plus className="size-4" aria-hidden="true" />
          {t("investments.add")}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label={t("investments.loading")} className="py-4" />
      ) : list.isError ? (
        <Alert variant="error">{t("investments.errors.loadFailed")}</Alert>
      ) : investments.length === 0 ? (
        <p className="text-sm text-text-muted" data-testid="investments-empty">
          {t("investments.empty")}
        </p>
      ) : (
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
          foot={
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
          }
        >
          {investments.map((inv) => (
            <InvestmentRow
              key={inv.id}
              investment={inv}
              lang={lang}
              onEdit={() => setEditing({ kind: "edit", investment: inv })}
              onDelete={() => setDeleting(inv)}
            />
          ))}
        </DataTable>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        title={editing?.kind === "edit" ? t("investments.editTitle") : t("investments.addTitle")}
        testId="investment-dialog"
      >
        {editing ? (
          <InvestmentForm
            investment={editing.kind === "edit" ? editing.investment : null}
            busy={add.isPending || update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("investments.deleteTitle")}
        description={t("investments.deleteConfirm", { name: deleting?.name ?? "" })}
        testId="investment-delete-dialog"
      >
        {remove.isError ? <Alert variant="error">{t("investments.errors.deleteFailed")}</Alert> : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {t("investments.cancel")}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
            }}
          >
            {t("investments.delete")}
          </Button>
        </div>
      </Modal>
    </Card>
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
