import type { WalletReportResult } from "@pulsemanager/core";
import { Coins, HandCoins, Landmark, ListOrdered, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import type { YearStatus } from "../open-points/year-status.ts";
import { formatEur, formatSignedEur } from "../report-format.ts";
import { reportDataOf } from "../result/report-data.ts";
import { type Completeness, completenessOf, yearFiguresOf } from "../result/report-figures.ts";
import { freigrenzeSentence } from "./figure-texts.ts";

/**
 * The four summary tiles, figures that mean something for tax: the year's proceeds, the §23 gain and
 * the §22 Nr. 3 income (ROI) each with its Freigrenze state in words, and what is unknown. Incomplete
 * figures say so. With the year's state (`status`): the count of open points.
 */
export function SummaryTiles({ result, status }: { result: WalletReportResult; status: YearStatus | null }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const s = result.summary;
  const year = yearFiguresOf(result);
  const { disposals } = reportDataOf(result).derived;
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
      <Tile icon={Coins} label={t("tiles.proceeds", { year: result.year })} testId="tile-proceeds" badge={incomplete}>
        <p className="tabular text-2xl font-semibold">{eur(disposals.proceeds)}</p>
        <p className="text-xs text-text-muted">{t("tiles.proceedsLots", { count: disposals.lots })}</p>
        <p className="text-xs text-text-muted">
          {t("tiles.breakdown", { buys: n(s.käufe), sells: n(s.verkäufe), roi: n(s.roi), swaps: n(s.tausch) })}
        </p>
      </Tile>

      <Tile icon={Landmark} label={t("tiles.gain23", { year: result.year })} testId="tile-gain23" badge={incomplete}>
        <p className="tabular text-2xl font-semibold">{formatSignedEur(year.gainTaxable, lang) ?? t("unknownValue")}</p>
        <FreigrenzeState
          completeness={completeness}
          crossed={year.freigrenze23Crossed}
          value={eur(year.gainTaxable)}
          limit={eur(year.freigrenze23)}
        />
        <p className="text-xs text-text-muted">{t("tiles.gainTaxFree", { value: eur(year.gainTaxFree) })}</p>
      </Tile>

      <Tile
        icon={HandCoins}
        label={t("tiles.income22", { year: result.year })}
        testId="tile-income22"
        badge={incomplete}
      >
        <p className="tabular text-2xl font-semibold">{eur(year.income22)}</p>
        <FreigrenzeState
          completeness={completeness}
          crossed={year.freigrenze22Crossed}
          value={eur(year.income22)}
          limit={eur(year.freigrenze22)}
        />
      </Tile>

      <Tile icon={ListOrdered} label={t("tiles.unknown")} testId="tile-unknown">
        {/* With the open points known, the number is what keeps the year open (answers and prices);
            airdrops never sold stay listed below but do not count. */}
        <p className="tabular text-2xl font-semibold" data-testid="tile-unknown-count">
          {n(
            status?.openPoints != null
              ? status.openPoints + completeness.missingPrices
              : completeness.unknownCosts + completeness.missingPrices,
          )}
        </p>
        {status?.openPoints != null ? (
          <p className="text-xs font-medium" data-testid="tile-open-points">
            {t("tiles.openPoints", { count: status.openPoints, formatted: n(status.openPoints) })}
          </p>
        ) : null}
        <p className="text-xs text-text-muted">{t("tiles.unknownCosts", { count: completeness.unknownCosts })}</p>
        <p className="text-xs text-text-muted">{t("tiles.missingPrices", { count: completeness.missingPrices })}</p>
        {completeness.unknownCosts + completeness.missingPrices > 0 ? (
          <p className="text-xs text-warning">{t("tiles.unknownHint")}</p>
        ) : null}
      </Tile>
    </div>
  );
}

/**
 * "20,94 €, unter der Freigrenze von 256,00 €: steuerfrei" or "... erreicht: voll steuerpflichtig";
 * provisional or unknown when the year's figures are not final (figure-texts.ts).
 */
function FreigrenzeState(props: { completeness: Completeness; crossed: boolean; value: string; limit: string }) {
  const { t } = useTranslation("wallet-report");
  const { completeness, crossed } = props;
  const positive = completeness.state === "final" && !crossed;
  return (
    <p
      className={cn("text-xs font-medium", positive ? "text-positive" : "text-warning")}
      data-crossed={crossed}
      data-state={completeness.state}
    >
      {freigrenzeSentence(t, completeness, props)}
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
