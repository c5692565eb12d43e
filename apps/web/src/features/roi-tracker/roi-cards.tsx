import type { RoiResult } from "@pulsemanager/core";
import { CalendarDays, Clock, HandCoins } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { cn } from "../../lib/cn.ts";
import { eur, meterPercent, usd } from "./roi-money.ts";
import { roiYearSentence, roiYearVerdict } from "./roi-year-text.ts";

/** Income of the last 24 hours, the last 30 days and this year (with the 256 EUR Freigrenze meter). */
export function RoiCards({ roi }: { roi: RoiResult }) {
  const { t, i18n } = useTranslation("roi");
  const lang = i18n.language;
  const { year } = roi;
  const percent = meterPercent(year.eur, year.freigrenze);
  return (
    <div className="grid gap-4 md:grid-cols-3" data-testid="roi-cards">
      <RoiCard icon={Clock} label={t("cards.day")} testId="roi-day">
        <Money eurValue={roi.dailyROI.eur} usdValue={roi.dailyROI.usd} lang={lang} />
      </RoiCard>
      <RoiCard icon={CalendarDays} label={t("cards.month")} testId="roi-month">
        <Money eurValue={roi.monthlyROI.eur} usdValue={roi.monthlyROI.usd} lang={lang} />
      </RoiCard>
      <RoiCard icon={HandCoins} label={t("cards.year", { year: year.year })} testId="roi-year">
        <Money eurValue={year.eur} usdValue={year.usd} lang={lang} />
        {/* The sentence below says the same in words; the bar is only a picture of it. */}
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-surface-sunken" aria-hidden="true">
          <div
            className={cn("h-full rounded-full", year.crossed ? "bg-warning" : "bg-positive")}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p
          className={cn("mt-1 text-xs", roiYearVerdict(roi) === "below" ? "text-positive" : "text-warning")}
          data-testid="roi-year-verdict"
        >
          {roiYearSentence(t, roi, lang)}
        </p>
      </RoiCard>
    </div>
  );
}

function Money({ eurValue, usdValue, lang }: { eurValue: string; usdValue: string; lang: string }) {
  return (
    <>
      <p className="tabular text-2xl font-semibold">{eur(eurValue, lang)}</p>
      <p className="tabular text-sm text-text-muted">{usd(usdValue, lang)}</p>
    </>
  );
}

function RoiCard(props: { icon: typeof Clock; label: string; testId: string; children: ReactNode }) {
  const Icon = props.icon;
  return (
    <Card data-testid={props.testId}>
      <p className="mb-2 flex items-center gap-2 text-sm text-text-muted">
        <Icon className="size-4" aria-hidden="true" />
        {props.label}
      </p>
      {props.children}
    </Card>
  );
}
