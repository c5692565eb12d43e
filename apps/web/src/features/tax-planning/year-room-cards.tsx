import type { YearRoom } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { cn } from "../../lib/cn.ts";
import { eur } from "./planning-format.ts";

/** The share of the Freigrenze used, 0-100, for the meter (a drawing only: a float is fine here). */
function meterPercent(used: string, limit: string): number {
  const u = Number(used);
  const l = Number(limit);
  return l > 0 && u > 0 ? Math.min(100, (u / l) * 100) : 0;
}

interface RoomCardProps {
  title: string;
  used: string;
  limit: string;
  room: string;
  crossed: boolean;
  state: YearRoom["state"];
  testId: string;
}

/** The card's sentence: no verdict while the history is not read to the end. */
function roomSentence(t: TFunction, lang: string, card: RoomCardProps): string {
  if (card.state === "unknown") return t("room.unknown");
  const limit = eur(card.limit, lang);
  return card.crossed ? t("room.crossed", { limit }) : t("room.left", { room: eur(card.room, lang), limit });
}

function RoomCard(card: RoomCardProps) {
  const { title, used, limit, crossed, state, testId } = card;
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  return (
    <Card className="space-y-2" data-testid={testId}>
      <h2 className="text-sm font-medium text-text-muted">{title}</h2>
      <p className="tabular text-2xl font-semibold">{eur(used, lang)}</p>
      {/* The sentence below says the same in words; the bar is only a picture of it. */}
      <div className="h-2 overflow-hidden rounded-full bg-surface-sunken" aria-hidden="true">
        <div
          className={cn("h-full rounded-full", crossed ? "bg-warning" : "bg-positive")}
          style={{ width: `${meterPercent(used, limit)}%` }}
        />
      </div>
      <p className={cn("text-sm", crossed || state === "unknown" ? "text-warning" : "text-positive")}>
        {roomSentence(t, lang, card)}
      </p>
    </Card>
  );
}

/** The year's room under the §23 Freigrenze (private sales) and the §22 Nr. 3 one (ROI income). */
export function YearRoomCards({ room }: { room: YearRoom }) {
  const { t } = useTranslation("tax-planning");
  return (
    <div className="space-y-2">
      <div className="grid gap-4 md:grid-cols-2">
        <RoomCard
          title={t("room.sales", { year: room.year })}
          used={room.gainTaxable}
          limit={room.freigrenze23}
          room={room.room23}
          crossed={room.crossed23}
          state={room.state}
          testId="room-23"
        />
        <RoomCard
          title={t("room.income", { year: room.year })}
          used={room.income22}
          limit={room.freigrenze22}
          room={room.room22}
          crossed={room.crossed22}
          state={room.state}
          testId="room-22"
        />
      </div>
      {room.state === "provisional" ? <p className="text-xs text-text-muted">{t("room.provisional")}</p> : null}
    </div>
  );
}
