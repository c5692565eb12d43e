import { D } from "@pulsemanager/core";
import { ChevronDown, ChevronUp, Gauge } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { formatInteger, formatUsd, localeOf } from "../../lib/format-number.ts";
import { CU_COST_USD, CU_SHOW, type CuBand, cuBand, useCuEntries } from "./cu-monitor-store.ts";

const bandStyle: Record<CuBand, string> = {
  cache: "text-text-muted",
  optimal: "text-positive",
  moderate: "text-warning",
  high: "text-negative",
};

/** Room the page leaves below its content for the closed monitor (its height plus its distance to the edge). */
export const CU_MONITOR_SPACE = "h-16";

/** The compute-unit monitor (docs/product/diagnostics.md), for admins, fixed bottom right and collapsible. */
export function CuMonitor() {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  const entries = useCuEntries();
  const [open, setOpen] = useState(false);
  const total = entries.reduce((sum, e) => sum + e.units, 0);
  const cost = new D(total).mul(CU_COST_USD).toFixed();
  const time = new Intl.DateTimeFormat(localeOf(lang), { timeStyle: "medium" });

  return (
    <aside
      className={cn(
        "fixed right-4 bottom-4 z-30 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-surface-raised text-sm shadow-lg",
        // Closed, a small pill: the page keeps room below its content (CU_MONITOR_SPACE), so no value hides under it.
        open ? "w-72" : "w-auto",
      )}
      aria-label={t("cu.title")}
      data-testid="cu-monitor"
    >
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="cu-monitor-body"
        className="flex w-full items-center gap-2 px-3 py-2 text-left"
      >
        <Gauge className="size-4 text-accent" aria-hidden="true" />
        <span className={open ? "flex-1 font-medium" : "sr-only"}>{t("cu.title")}</span>
        <span className={cn("tabular text-xs", bandStyle[cuBand(entries[0]?.units ?? 0)])}>
          {t("cu.units", { count: entries[0]?.units ?? 0 })}
        </span>
        {open ? (
          <ChevronDown className="size-4" aria-hidden="true" />
        ) : (
          <ChevronUp className="size-4" aria-hidden="true" />
        )}
      </button>
      {open ? (
        <div id="cu-monitor-body" className="space-y-2 border-t border-border px-3 py-2">
          {entries.length === 0 ? (
            <p className="text-xs text-text-muted">{t("cu.empty")}</p>
          ) : (
            <ul className="space-y-1">
              {entries.slice(0, CU_SHOW).map((e) => (
                <li key={e.id} className="flex items-baseline justify-between gap-2 text-xs">
                  <span className="min-w-0 truncate">
                    <span className="tabular text-text-muted">{time.format(e.at)}</span> {e.endpoint}
                  </span>
                  <span className={cn("tabular shrink-0 text-right", bandStyle[cuBand(e.units)])}>
                    {formatInteger(e.units, lang)} · {t(`cu.band.${cuBand(e.units)}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="tabular flex justify-between border-t border-border pt-2 text-xs">
            <span>{t("cu.total", { count: entries.length })}</span>
            <span>
              {formatInteger(total, lang)} CU · {formatUsd(cost, lang)}
            </span>
          </p>
          <p className="text-[11px] text-text-muted">{t("cu.estimate")}</p>
        </div>
      ) : null}
    </aside>
  );
}
