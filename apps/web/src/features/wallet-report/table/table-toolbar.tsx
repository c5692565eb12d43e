import { useTranslation } from "react-i18next";
import { SearchInput } from "../../../components/search-input.tsx";
import { inputClassName } from "../../../components/text-field.tsx";
import { formatInteger } from "../../../lib/format-number.ts";
import { REPORT_SORTS, type ReportSort } from "../result/report-sort.ts";

interface TableToolbarProps {
  search: string;
  onSearch: (query: string) => void;
  sort: ReportSort;
  onSort: (sort: ReportSort) => void;
  hideAirdrops: boolean;
  onHideAirdrops: (hide: boolean) => void;
  /** Unpriced airdrops in the report (the checkbox is shown only when there are any). */
  airdrops: number;
}

/** Search (token, hash, address), the sort order and "hide unpriced airdrops" above the table. */
export function TableToolbar(props: TableToolbarProps) {
  const { t, i18n } = useTranslation("wallet-report");
  return (
    <div className="flex flex-wrap items-end gap-3 px-4 pt-3 sm:px-6" data-testid="table-toolbar">
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor="wallet-report-search" className="block text-xs font-medium text-text-muted">
          {t("toolbar.search")}
        </label>
        <SearchInput
          id="wallet-report-search"
          value={props.search}
          onValue={props.onSearch}
          placeholder={t("toolbar.searchPlaceholder")}
          data-testid="report-search"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="wallet-report-sort" className="block text-xs font-medium text-text-muted">
          {t("toolbar.sort")}
        </label>
        <select
          id="wallet-report-sort"
          value={props.sort}
          onChange={(event) => props.onSort(event.target.value as ReportSort)}
          className={inputClassName}
          data-testid="report-sort"
        >
          {REPORT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`toolbar.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      {props.airdrops > 0 ? (
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={props.hideAirdrops}
            onChange={(event) => props.onHideAirdrops(event.target.checked)}
            className="size-4 accent-accent"
            data-testid="hide-airdrops"
          />
          {t("toolbar.hideAirdrops", {
            count: props.airdrops,
            formatted: formatInteger(props.airdrops, i18n.language),
          })}
        </label>
      ) : null}
    </div>
  );
}
