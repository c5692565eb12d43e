import type { WalletReportResult } from "@pulsemanager/core";
import { useMemo, useState } from "react";
import { reportDataOf } from "../result/report-data.ts";
import { filterCounts, type ReportFilter, viewOf } from "../result/report-filters.ts";
import { type ReportSort, sortedOrder } from "../result/report-sort.ts";
import { useSearchMask } from "../table/use-search-mask.ts";

/**
 * What the transaction table shows of a result: the filter tab, the search, the sort and "hide unpriced
 * airdrops" as chosen, and the rows they leave in order (worked out once per result and choice).
 */
export function useReportView(result: WalletReportResult) {
  const [filter, setFilter] = useState<ReportFilter>("alle");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ReportSort>("date-asc");
  const [hideAirdrops, setHideAirdrops] = useState(true);
  // Once per result (in the worker for a loaded one): every row's tabs and airdrop flag, the sort
  // orders, the airdrops per token.
  const data = useMemo(() => reportDataOf(result), [result]);
  const { rows, derived } = data;
  const { flags, airdrops: groups } = derived;
  const mask = useSearchMask(data, search);
  const airdrops = useMemo(() => groups.reduce((n, g) => n + g.rows.length, 0), [groups]);
  const order = useMemo(() => sortedOrder(derived.orders, rows.length, sort), [derived, rows.length, sort]);
  const counts = useMemo(() => filterCounts(flags, { hideAirdrops, mask }), [flags, hideAirdrops, mask]);
  const active = useMemo(
    () => viewOf(flags, { filter, hideAirdrops, mask, order }),
    [flags, filter, hideAirdrops, mask, order],
  );
  const query = mask ? search.trim() : "";
  return {
    data,
    groups,
    airdrops,
    counts,
    active,
    query,
    viewKey: `${filter}|${sort}|${hideAirdrops}|${query}`,
    choice: { filter, setFilter, search, setSearch, sort, setSort, hideAirdrops, setHideAirdrops },
  };
}

export type ReportView = ReturnType<typeof useReportView>;
