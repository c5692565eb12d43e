import { type ComputeUnitsResult, CU_SHOW, computeUnitsResultSchema } from "@pulsemanager/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { api } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatDateTime, formatInteger } from "../../lib/format-number.ts";
import { COMPUTE_UNITS_QUERY_KEY } from "../../lib/query-keys.ts";
import { formatCost as cost } from "./monitor-words.ts";

const BAND_TONE = {
  cache: "text-text-muted",
  optimal: "text-positive",
  moderate: "text-warning",
  high: "text-negative",
} as const;

/** The server's metered upstream calls of the last 24 hours: the user's own, or (admins) everyone's. */
export function ComputeUnitsCard() {
  const { t, i18n } = useTranslation("debug-monitor");
  const lang = i18n.language;
  const query = useQuery({
    queryKey: COMPUTE_UNITS_QUERY_KEY,
    queryFn: async (): Promise<ComputeUnitsResult> =>
      computeUnitsResultSchema.parse(await api<unknown>("/api/debug/compute-units")),
  });
  const [all, setAll] = useState(false);
  const data = query.data;
  return (
    <Card data-testid="compute-units">
      <h2 className="text-base font-semibold">{t("cu.title")}</h2>
      <p className="mb-3 text-xs text-text-muted">{data ? t(`cu.scope.${data.scope}`) : t("cu.loading")}</p>
      {data ? (
        <>
          <p className="text-sm">
            {t("cu.total", {
              calls: formatInteger(data.total.calls, lang),
              units: formatInteger(data.total.units, lang),
              cost: cost(data.total.costUsd, lang),
            })}{" "}
            <span className={cn("font-medium", BAND_TONE[data.total.band])}>{t(`cu.band.${data.total.band}`)}</span>
          </p>
          <DataTable
            caption={t("cu.byEndpoint")}
            variant="dense-list"
            className="mt-3"
            head={
              <>
                <Th>{t("cu.endpoint")}</Th>
                <Th right>{t("cu.calls")}</Th>
                <Th right>{t("cu.units")}</Th>
                <Th right edge="last">
                  {t("cu.cost")}
                </Th>
              </>
            }
          >
            {data.byEndpoint.map((e) => (
              <tr key={e.endpoint}>
                <Td label={t("cu.endpoint")} className="font-mono text-xs">
                  {e.endpoint}
                </Td>
                <Td label={t("cu.calls")} right>
                  {formatInteger(e.calls, lang)}
                </Td>
                <Td label={t("cu.units")} right>
                  {formatInteger(e.units, lang)}
                </Td>
                <Td label={t("cu.cost")} right edge="last">
                  {cost(e.costUsd, lang)}
                </Td>
              </tr>
            ))}
          </DataTable>
          <h3 className="mt-4 text-sm font-semibold">{t("cu.recent")}</h3>
          <ul className="mt-1 divide-y divide-border text-xs">
            {(all ? data.recent : data.recent.slice(0, CU_SHOW)).map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: calls have no id in the answer; the list is fixed per answer.
              <li key={i} className="flex flex-wrap gap-x-3 py-1">
                <span className="tabular">{formatDateTime(r.at, lang)}</span>
                <span className="font-mono">{r.endpoint}</span>
                <span>
                  {r.provider} · {r.kind}
                </span>
                <span className="tabular ml-auto">{t("cu.unitsOf", { units: formatInteger(r.units, lang) })}</span>
              </li>
            ))}
          </ul>
          {data.recent.length > CU_SHOW && !all ? (
            <button type="button" onClick={() => setAll(true)} className="mt-1 text-sm text-accent hover:underline">
              {t("cu.showAll", { count: data.recent.length })}
            </button>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
