import { CircleCheck, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { openSection } from "../collapsible-section.tsx";
import { OPEN_POINTS_ID } from "./open-points-section.tsx";
import { type YearStatus, yearStatusSentence } from "./year-status.ts";

/** "Das Jahr 2024 ist vollständig" or "Noch 3 offene Punkte, 2 fehlende Preise": the first thing under the title. */
export function YearTile({ status, year }: { status: YearStatus; year: number }) {
  const { t } = useTranslation("wallet-report");
  const Icon = status.complete ? CircleCheck : TriangleAlert;
  return (
    <Card
      className="flex flex-wrap items-center gap-x-3 gap-y-2"
      data-testid="tile-year"
      data-complete={status.complete}
    >
      <Icon className={cn("size-5 shrink-0", status.complete ? "text-positive" : "text-warning")} aria-hidden="true" />
      <p className="min-w-0 flex-1 font-semibold" data-testid="year-status">
        {yearStatusSentence(t, status, year)}
      </p>
      {status.openPoints ? (
        <a
          href={`#${OPEN_POINTS_ID}`}
          className="text-sm font-medium text-accent hover:underline"
          onClick={(event) => {
            event.preventDefault();
            openSection(OPEN_POINTS_ID);
          }}
        >
          {t("tiles.toOpenPoints")}
        </a>
      ) : null}
    </Card>
  );
}
