import type { TaxFreeDate } from "@pulsemanager/core";
import { CalendarCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { MoreButton } from "../../components/more-button.tsx";
import { usePaged } from "../../components/use-paged.ts";
import { formatDay } from "../../lib/format-number.ts";
import { eur, tokens } from "./planning-format.ts";

const PAGE = 10;

/** The days of the next 12 months on which lots become tax-free: per token, the amount and its value today. */
export function TaxFreeTimeline({ dates }: { dates: readonly TaxFreeDate[] }) {
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  const paged = usePaged(dates, PAGE);
  return (
    <Card data-testid="tax-free-timeline">
      <h2 className="mb-1 text-base font-semibold">{t("timeline.title")}</h2>
      <p className="mb-3 text-xs text-text-muted">{t("timeline.hint")}</p>
      {dates.length === 0 ? (
        <p className="text-sm text-text-muted">{t("timeline.empty")}</p>
      ) : (
        <ol className="relative space-y-3 border-l border-border pl-4">
          {paged.shown.map((d) => (
            <li key={`${d.date}-${d.chainId}-${d.token}`} className="text-sm">
              <CalendarCheck className="absolute -left-2 size-4 bg-surface-raised text-positive" aria-hidden="true" />
              <span className="font-medium">{formatDay(d.date, lang)}</span>
              <span className="text-text-muted"> · </span>
              <span className="tabular">
                {t("timeline.item", { amount: tokens(d.amount, lang), symbol: d.symbol })}
              </span>
              {d.value !== null ? (
                <span className="text-text-muted"> ({t("timeline.valueToday", { value: eur(d.value, lang) })})</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <MoreButton rest={paged.rest} onMore={paged.more}>
        {t("lots.more", { count: paged.next })}
      </MoreButton>
    </Card>
  );
}
