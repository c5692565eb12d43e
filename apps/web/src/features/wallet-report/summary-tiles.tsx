import type { WalletReportResult } from "@pulsemanager/core";
import { Coins, HandCoins, Landmark, ListOrdered, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { cn } from "../../lib/cn.ts";
import { formatInteger } from "../../lib/format-number.ts";
import { completenessOf, yearFiguresOf } from "./report-figures.ts";
import { formatEur, formatSignedEur } from "./report-format.ts";

/**
 * The four summary tiles (spec 02 §2): transactions, the taxable §23 gain after the Freigrenze, the
 * §22 Nr. 3 income (ROI) after its Freigrenze, and the total value. Incomplete figures say so.
 */
export function SummaryTiles({ result }: { result: WalletReportResult }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const s = result.summary;
  const year = yearFiguresOf(result);
  const completeness = completenessOf(result);
  const eur = (value: string) => formatEur(value, lang) ?? t("unknownValue");
  const n = (value: number) => formatInteger(value, lang);
  const incomplete = completeness.incomplete ? (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-warning/50 px-2 py-0.5 text-[11px] font-medium text-warning"
      title={t("tiles.incompleteHint")}
    >
      <TriangleAlert className="size-3" aria-hidden="true" />
      {t("tiles.incomplete")}
    </span>
  ) : null;

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="report-summary">
      <Tile icon={ListOrdered} label={t("tiles.transactions")} testId="tile-transactions">
        <p className="tabular text-2xl font-semibold">{n(s.total)}</p>
        <p className="text-xs text-text-muted">
          {t("tiles.breakdown", { buys: n(s.käufe), sells: n(s.verkäufe), roi: n(s.roi), swaps: n(s.tausch) })}
        </p>
        <p className="text-xs text-text-muted">
          {t("tiles.taxableCounts", { taxable: n(s.steuerpflichtig), free: n(s.steuerfrei), unknown: n(s.unknown) })}
        </p>
      </Tile>

      <Tile icon={Landmark} label={t("tiles.gain23", { year: result.year })} testId="tile-gain23" badge={incomplete}>
        <p className="tabular text-2xl font-semibold">{eur(year.gainTaxableAfterFreigrenze)}</p>
        <p className="text-xs text-text-muted">
          {t("tiles.gainInPeriod", { value: formatSignedEur(year.gainTaxable, lang) ?? t("unknownValue") })}
        </p>
        <FreigrenzeState crossed={year.freigrenze23Crossed} limit={eur(year.freigrenze23)} />
        <p className="text-xs text-text-muted">{t("tiles.gainTaxFree", { value: eur(year.gainTaxFree) })}</p>
      </Tile>

      <Tile
        icon={HandCoins}
        label={t("tiles.income22", { year: result.year })}
        testId="tile-income22"
        badge={incomplete}
      >
        <p className="tabular text-2xl font-semibold">{eur(year.income22AfterFreigrenze)}</p>
        <p className="text-xs text-text-muted">{t("tiles.incomeTotal", { value: eur(year.income22) })}</p>
        <FreigrenzeState crossed={year.freigrenze22Crossed} limit={eur(year.freigrenze22)} />
      </Tile>

      <Tile icon={Coins} label={t("tiles.totalValue")} testId="tile-total-value">
        <p className="tabular text-2xl font-semibold">{eur(s.gesamtWertEUR)}</p>
        <p className="text-xs text-text-muted">{t("tiles.totalValueHint")}</p>
        {completeness.missingPrices > 0 ? (
          <p className="text-xs text-warning">{t("tiles.withoutMissing", { count: completeness.missingPrices })}</p>
        ) : null}
      </Tile>
    </div>
  );
}

function FreigrenzeState({ crossed, limit }: { crossed: boolean; limit: string }) {
  const { t } = useTranslation("wallet-report");
  return (
    <p className={cn("text-xs font-medium", crossed ? "text-warning" : "text-positive")} data-crossed={crossed}>
      {crossed ? `▲ ${t("tiles.freigrenzeCrossed", { limit })}` : `▼ ${t("tiles.freigrenzeNotCrossed", { limit })}`}
    </p>
  );
}

function Tile({
  icon: Icon,
  label,
  testId,
  badge,
  children,
}: {
  icon: typeof Coins;
  label: string;
  testId: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-1" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm text-text-muted">
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </h3>
        {badge}
      </div>
      {children}
    </Card>
  );
}
