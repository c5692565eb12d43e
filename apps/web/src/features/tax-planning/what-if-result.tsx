import type { WhatIfResponse } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { formatDay } from "../../lib/format-number.ts";
import { eur, eurPrice, gainClass, tokens } from "./planning-format.ts";

/** The year's §23 figure before and after the sale, against the Freigrenze. */
function YearLine({ outcome }: { outcome: WhatIfResponse }) {
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  const { before, after } = outcome;
  const values = {
    year: after.year,
    before: eur(before.gainTaxable, lang),
    after: eur(after.gainTaxable, lang),
    limit: eur(after.freigrenze23, lang),
  };
  return (
    <p className="text-sm" data-testid="what-if-year">
      {after.state === "unknown"
        ? t("whatIf.yearUnknown", values)
        : t(after.crossed23 ? "whatIf.yearOver" : "whatIf.yearBelow", values)}
    </p>
  );
}

/** What the sale would mean: proceeds, the lots wallet-FIFO uses, the gains, the year, the tax-free date. */
export function WhatIfResult({ outcome }: { outcome: WhatIfResponse }) {
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  const priceKey = outcome.priceSource === "input" ? "whatIf.priceTyped" : "whatIf.priceToday";
  return (
    <div className="mt-4 space-y-3 border-t border-border pt-4" data-testid="what-if-result" aria-live="polite">
      {outcome.crossesFreigrenze ? (
        <Alert variant="warning" title={t("whatIf.crossesTitle")}>
          {t("whatIf.crosses", { limit: eur(outcome.after.freigrenze23, lang) })}
        </Alert>
      ) : null}
      <p className="text-sm">
        {t("whatIf.proceeds", {
          amount: tokens(outcome.amount, lang),
          symbol: outcome.symbol,
          proceeds: eur(outcome.proceeds, lang),
        })}{" "}
        <span className="text-text-muted">({t(priceKey, { price: eurPrice(outcome.priceEur, lang) })})</span>
      </p>
      <p className="text-sm font-medium">
        {t("whatIf.gains", { taxable: eur(outcome.gainTaxable, lang), taxFree: eur(outcome.gainTaxFree, lang) })}
      </p>
      {outcome.gainUnknown ? <p className="text-sm text-warning">{t("whatIf.gainUnknown")}</p> : null}
      <YearLine outcome={outcome} />
      <p className="text-sm" data-testid="what-if-tax-free">
        {outcome.taxFreeFrom
          ? t("whatIf.taxFreeFrom", { date: formatDay(outcome.taxFreeFrom, lang) })
          : t(outcome.gainUnknown ? "whatIf.taxFreeUnknown" : "whatIf.taxFreeNow")}
      </p>
      <UsedLots outcome={outcome} />
    </div>
  );
}

function UsedLots({ outcome }: { outcome: WhatIfResponse }) {
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  const label = (key: string) => t(`whatIf.columns.${key}`);
  const head = (
    <>
      <Th edge="first">{label("acquired")}</Th>
      <Th right>{label("amount")}</Th>
      <Th right>{label("cost")}</Th>
      <Th right>{label("proceeds")}</Th>
      <Th right>{label("gain")}</Th>
      <Th edge="last">{label("taxable")}</Th>
    </>
  );
  return (
    <DataTable caption={t("whatIf.lotsCaption")} head={head} variant="dense-list">
      {outcome.lots.map((lot, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lots a sale uses have no id; each result is a new list.
        <tr key={`${lot.acquired}-${i}`}>
          <Td edge="first" label={label("acquired")}>
            {lot.acquired ? formatDay(lot.acquired, lang) : t("lots.unknownDate")}
          </Td>
          <Td right label={label("amount")}>
            {tokens(lot.amount, lang)}
          </Td>
          <Td right label={label("cost")}>
            {eur(lot.cost, lang)}
          </Td>
          <Td right label={label("proceeds")}>
            {eur(lot.proceeds, lang)}
          </Td>
          <Td right label={label("gain")} className={gainClass(lot.gain)}>
            {eur(lot.gain, lang)}
          </Td>
          <Td edge="last" label={label("taxable")}>
            {lot.taxFree === null ? "–" : t(lot.taxFree ? "whatIf.taxFree" : "whatIf.taxable")}
          </Td>
        </tr>
      ))}
    </DataTable>
  );
}
