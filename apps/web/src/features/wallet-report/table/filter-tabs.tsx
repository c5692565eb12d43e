import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { REPORT_FILTERS, type ReportFilter } from "../result/report-filters.ts";

export const TABLE_PANEL_ID = "wallet-report-table-panel";

export function tabId(filter: ReportFilter): string {
  return `wallet-report-tab-${REPORT_FILTERS.indexOf(filter)}`;
}

interface FilterTabsProps {
  active: ReportFilter;
  counts: Record<ReportFilter, number>;
  onChange: (filter: ReportFilter) => void;
}

/** The filter tabs with their counts (ARIA tabs: arrow keys, Home, End). */
export function FilterTabs({ active, counts, onChange }: FilterTabsProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = REPORT_FILTERS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const filter = REPORT_FILTERS[next];
    if (!filter) return;
    onChange(filter);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t("filters.label")}
      className="flex flex-wrap gap-x-1 border-b border-border px-2 sm:px-4"
    >
      {REPORT_FILTERS.map((filter, index) => {
        const selected = filter === active;
        return (
          <button
            key={filter}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(filter)}
            aria-selected={selected}
            aria-controls={TABLE_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(filter)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap",
              selected ? "border-accent text-text" : "border-transparent text-text-muted hover:text-text",
            )}
            data-filter={filter}
          >
            {t(`filters.${filter}`)}
            <span
              className={cn(
                "tabular rounded-full px-2 py-0.5 text-xs",
                selected ? "bg-accent/15 text-accent" : "bg-surface-sunken text-text-muted",
              )}
            >
              {formatInteger(counts[filter], lang)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
