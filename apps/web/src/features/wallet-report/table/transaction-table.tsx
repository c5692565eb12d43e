import type { LotLines } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn.ts";
import type { ReportRows } from "../result/report-data.ts";
import { ReportRow } from "./report-row.tsx";
import { TableHead } from "./table-head.tsx";
import { useNarrowScreen } from "./use-narrow-screen.ts";
import { useTableRows } from "./use-table-rows.ts";

export { CARD_HEIGHT, ROW_HEIGHT } from "./use-table-rows.ts";

/** The columns, their gaps and the padding: the table scrolls sideways only below this width. */
const MIN_WIDTH = 1044;
/** The scroll box's height (also of the placeholder before the table is mounted). */
export const TABLE_HEIGHT = "h-[min(70vh,44rem)]";

interface TransactionTableProps {
  rows: ReportRows;
  /** The rows of the open filter (indexes into rows). */
  indexes: Int32Array;
  /** Changes with the filter: the list starts at the top again. */
  filterKey: string;
  label: string;
  /** A row's lots as the exports' lines (shown in the opened row). */
  lotLines?: (index: number) => Promise<LotLines>;
}

/**
 * The report's transactions, virtualized (@tanstack/react-virtual): only the visible rows are in the
 * DOM, closed rows have a fixed height, an opened row is measured (measureElement). One scroll
 * container for both directions with a sticky header; on phones the rows become cards.
 */
export function TransactionTable({ rows, indexes, filterKey, label, lotLines }: TransactionTableProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const narrow = useNarrowScreen();
  const { scrollRef, virtualizer, headerHeight, expanded, toggle, focusRow } = useTableRows(indexes, filterKey, narrow);

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      className={cn(TABLE_HEIGHT, "overflow-auto overscroll-contain")}
      data-testid="transaction-scroll"
    >
      <table
        aria-rowcount={indexes.length + 1}
        className="relative block text-left"
        style={{ height: virtualizer.getTotalSize() + headerHeight, minWidth: narrow ? undefined : MIN_WIDTH }}
        data-testid="transaction-table"
      >
        <caption className="sr-only">{label}</caption>
        <TableHead narrow={narrow} />
        {items.map((item) => {
          const rowIndex = indexes[item.index] ?? 0;
          const row = rows.at(rowIndex);
          return (
            <tbody
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 block w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ReportRow
                row={row}
                rowIndex={rowIndex}
                position={item.index}
                expanded={expanded.has(rowIndex)}
                narrow={narrow}
                lang={lang}
                t={t}
                onToggle={toggle}
                onMove={focusRow}
                lotLines={lotLines}
              />
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
