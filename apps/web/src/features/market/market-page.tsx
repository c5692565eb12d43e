import type { MarketToken } from "@pulsemanager/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { SearchInput } from "../../components/search-input.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { useDebouncedValue } from "../../lib/debounce.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { FreshnessNote } from "./freshness-note.tsx";
import { useTokenSearch } from "./market-api.ts";
import { type MarketSortState, nextMarketSort, sortMarketTokens } from "./market-sort.ts";
import { MarketTable } from "./market-table.tsx";
import { useWatchlist } from "./watchlist-api.ts";

/** The server is asked once the user stops typing for this long. */
export const SEARCH_DEBOUNCE_MS = 300;

type View = "all" | "watchlist";

/** /market: every token with its price, change, volume and market cap; the watchlist as a second view. */
export default function MarketPage() {
  const { t } = useTranslation("market");
  const [view, setView] = useState<View>("all");
  const [sort, setSort] = useState<MarketSortState>(null);
  return (
    <div>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <Card>
        <div className="mb-4 flex flex-wrap gap-2" role="tablist" aria-label={t("views")}>
          {(["all", "watchlist"] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              onClick={() => setView(v)}
              className={cn(
                "rounded-lg px-3 py-1.5 text-sm font-medium",
                view === v ? "bg-accent text-accent-contrast" : "text-text-muted hover:bg-surface-sunken",
              )}
              data-testid={`market-view-${v}`}
            >
              {t(v === "all" ? "viewAll" : "viewWatchlist")}
            </button>
          ))}
        </div>
        {view === "all" ? <AllTokens sort={sort} onSort={setSort} /> : <WatchlistView sort={sort} onSort={setSort} />}
        <p className="mt-4 text-xs text-text-muted" data-testid="market-cap-legend">
          {t("marketCapLegend")}
        </p>
      </Card>
    </div>
  );
}

interface ViewProps {
  sort: MarketSortState;
  onSort: (sort: MarketSortState) => void;
}

function AllTokens({ sort, onSort }: ViewProps) {
  const { t } = useTranslation("market");
  const [query, setQuery] = useState("");
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useTokenSearch(q);
  return (
    <>
      <div className="mb-4">
        <SearchInput
          value={query}
          onValue={setQuery}
          aria-label={t("search.label")}
          placeholder={t("search.placeholder")}
          maxLength={100}
          data-testid="market-search"
        />
      </div>
      <Rows
        rows={search.data?.tokens}
        pending={search.isPending}
        error={search.isError ? search.error : null}
        empty={t(q ? "search.none" : "empty")}
        sort={sort}
        onSort={onSort}
      />
      <FreshnessNote freshness={search.data} />
    </>
  );
}

function WatchlistView({ sort, onSort }: ViewProps) {
  const { t } = useTranslation("market");
  const watchlist = useWatchlist();
  return (
    <Rows
      rows={watchlist.data?.tokens}
      pending={watchlist.isPending}
      error={watchlist.isError ? watchlist.error : null}
      empty={t("watch.empty")}
      sort={sort}
      onSort={onSort}
    />
  );
}

interface RowsProps extends ViewProps {
  rows: readonly MarketToken[] | undefined;
  pending: boolean;
  error: unknown;
  empty: string;
}

function Rows({ rows, pending, error, empty, sort, onSort }: RowsProps) {
  const { t } = useTranslation("market");
  const errorText = useErrorText();
  if (pending) return <Spinner label={t("loading")} className="py-6" />;
  if (error) {
    return (
      <p className="py-4 text-sm text-negative" role="alert" data-testid="market-error">
        {errorText(error)}
      </p>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <p className="py-4 text-sm text-text-muted" data-testid="market-empty">
        {empty}
      </p>
    );
  }
  return (
    <MarketTable rows={sortMarketTokens(rows, sort)} sort={sort} onSort={(key) => onSort(nextMarketSort(sort, key))} />
  );
}
