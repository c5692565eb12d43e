import type { LotLines, ReportTransaction } from "@pulsemanager/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { TFunction } from "i18next";
import { ChevronRight } from "lucide-react";
import { type CSSProperties, type KeyboardEvent, memo, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn.ts";
import { formatAmount, formatReportDate } from "../report-format.ts";
import type { ReportRows } from "../result/report-data.ts";
import { FeeText, GainText, HashLink, TaxableBadge, TypBadge, typKey, ValueText } from "./row-cells.tsx";
import { TransactionDetails } from "./transaction-details.tsx";
import { useNarrowScreen } from "./use-narrow-screen.ts";

/** Fixed heights of a closed row: the virtualizer's estimate matches, so only opened rows are re-measured. */
export const ROW_HEIGHT = 44;
export const CARD_HEIGHT = 68;
const HEADER_HEIGHT = 36;
const OVERSCAN = 12;
const COLUMNS = 11;
const GRID: CSSProperties = {
  gridTemplateColumns: "20px 84px 84px minmax(56px,1fr) 116px 104px 96px 84px 100px 76px 120px",
};
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  // The sticky header sits above the rows inside the scroll container (the virtualizer's scrollMargin).
  const headerHeight = narrow ? 0 : HEADER_HEIGHT;

  const getItemKey = useCallback((i: number) => indexes[i] ?? i, [indexes]);
  const estimateSize = useCallback(() => (narrow ? CARD_HEIGHT : ROW_HEIGHT), [narrow]);
  const virtualizer = useVirtualizer({
    count: indexes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: headerHeight,
  });

  // A new filter starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a filter change only.
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [filterKey]);
  // Closed-row heights differ between the table and the cards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a layout change only.
  useEffect(() => {
    virtualizer.measure();
  }, [narrow]);

  const toggle = useCallback((rowIndex: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(rowIndex)) next.delete(rowIndex);
      else next.add(rowIndex);
      return next;
    });
  }, []);

  const focusRow = useCallback(
    (position: number) => {
      if (position < 0 || position >= indexes.length) return;
      virtualizer.scrollToIndex(position, { align: "auto" });
      requestAnimationFrame(() =>
        scrollRef.current
          ?.querySelector<HTMLElement>(`tbody[data-index="${position}"] [data-testid="row-toggle"]`)
          ?.focus(),
      );
    },
    [virtualizer, indexes.length],
  );

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
        <thead className={narrow ? "sr-only" : "sticky top-0 z-10 block"}>
          <tr
            aria-rowindex={1}
            className={cn(
              !narrow &&
                "grid h-9 items-center gap-x-2 border-b border-border bg-surface-raised px-3 text-xs font-medium text-text-muted",
            )}
            style={narrow ? undefined : GRID}
          >
            {narrow ? (
              <>
                <th scope="col">{t("table.transaction")}</th>
                <th scope="col">{t("table.value")}</th>
              </>
            ) : (
              <>
                <th scope="col" className="font-medium">
                  <span className="sr-only">{t("table.expand")}</span>
                </th>
                <th scope="col" className="font-medium">
                  {t("table.date")}
                </th>
                <th scope="col" className="font-medium">
                  {t("table.type")}
                </th>
                <th scope="col" className="font-medium">
                  {t("table.coin")}
                </th>
                <th scope="col" className="text-right font-medium">
                  {t("table.amount")}
                </th>
                <th scope="col" className="text-right font-medium">
                  {t("table.value")}
                </th>
                <th scope="col" className="font-medium">
                  {t("table.taxable")}
                </th>
                <th scope="col" className="font-medium">
                  {t("table.holding")}
                </th>
                <th scope="col" className="text-right font-medium">
                  {t("table.gain")}
                </th>
                <th scope="col" className="text-right font-medium">
                  {t("table.fee")}
                </th>
                <th scope="col" className="font-medium">
                  {t("table.hash")}
                </th>
              </>
            )}
          </tr>
        </thead>
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

interface ReportRowProps {
  row: ReportTransaction;
  rowIndex: number;
  position: number;
  expanded: boolean;
  narrow: boolean;
  lang: string;
  t: TFunction;
  onToggle: (rowIndex: number) => void;
  onMove: (position: number) => void;
  lotLines?: (index: number) => Promise<LotLines>;
}

/**
 * One transaction: a click anywhere on the row opens it; the button in its first cell carries
 * aria-expanded and takes Enter and Space (and the arrow keys move to the next or previous row).
 */
const ReportRow = memo(function ReportRow({
  row,
  rowIndex,
  position,
  expanded,
  narrow,
  lang,
  t,
  onToggle,
  onMove,
  lotLines,
}: ReportRowProps) {
  const detailsId = `wallet-report-row-${rowIndex}-details`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      onMove(position + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      onMove(position - 1);
    }
  };
  const toggleButton = (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={expanded ? detailsId : undefined}
      aria-label={t("table.toggle", {
        typ: t(typKey(row.typ)),
        coin: row.coin_name,
        date: formatReportDate(row.date, lang),
      })}
      onClick={(event) => {
        event.stopPropagation();
        onToggle(rowIndex);
      }}
      onKeyDown={onKeyDown}
      className="-m-1 rounded p-1 text-text-muted hover:text-text"
      data-testid="row-toggle"
    >
      <ChevronRight
        className={cn("size-4 shrink-0 transition-transform", expanded && "rotate-90")}
        aria-hidden="true"
      />
    </button>
  );
  const rowProps = {
    "aria-rowindex": position + 2,
    "aria-expanded": expanded,
    onClick: () => onToggle(rowIndex),
    "data-row": rowIndex,
    "data-typ": row.typ,
    "data-coin": row.coin_name,
  } as const;

  return (
    <>
      {narrow ? (
        <tr
          {...rowProps}
          className="flex h-[68px] cursor-pointer items-center gap-2 overflow-hidden border-b border-border px-3 text-sm hover:bg-surface-sunken"
        >
          <td className="flex min-w-0 flex-1 items-center gap-2">
            {toggleButton}
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex min-w-0 items-center gap-2">
                <TypBadge typ={row.typ} t={t} />
                <span className="truncate font-medium">{row.coin_name}</span>
                <span className="tabular shrink-0 text-xs text-text-muted">{formatReportDate(row.date, lang)}</span>
              </div>
              <p className="tabular truncate text-xs text-text-muted">
                {formatAmount(row.amount, lang)} {row.coin_name}
              </p>
            </div>
          </td>
          <td className="tabular shrink-0 space-y-1 text-right">
            <div className="font-medium">
              <ValueText row={row} lang={lang} t={t} />
            </div>
            <div>
              <TaxableBadge value={row.steuerpflichtig} t={t} />
            </div>
          </td>
        </tr>
      ) : (
        <tr
          {...rowProps}
          className="grid h-11 cursor-pointer items-center gap-x-2 overflow-hidden border-b border-border px-3 text-[13px] whitespace-nowrap hover:bg-surface-sunken"
          style={GRID}
        >
          <td className="flex items-center">{toggleButton}</td>
          <td className="tabular">{formatReportDate(row.date, lang)}</td>
          <td className="min-w-0">
            <TypBadge typ={row.typ} t={t} />
          </td>
          <td className="truncate font-medium" title={row.coin_name}>
            {row.coin_name}
          </td>
          <td className="tabular truncate text-right" title={row.amount}>
            {formatAmount(row.amount, lang)}
          </td>
          <td className="tabular truncate text-right font-medium">
            <ValueText row={row} lang={lang} t={t} />
          </td>
          <td>
            <TaxableBadge value={row.steuerpflichtig} t={t} />
          </td>
          <td className="tabular">{formatReportDate(row.haltefrist_endet, lang)}</td>
          <td className="tabular truncate text-right">
            <GainText row={row} lang={lang} t={t} />
          </td>
          <td className="tabular truncate text-right text-text-muted">
            <FeeText row={row} lang={lang} t={t} />
          </td>
          <td className="min-w-0 truncate">
            <HashLink row={row} t={t} />
          </td>
        </tr>
      )}
      {expanded ? (
        <tr id={detailsId} className="block border-b border-border">
          <td colSpan={narrow ? 2 : COLUMNS} className="block">
            {narrow ? (
              <div className="grid grid-cols-2 gap-x-4 gap-y-1 bg-surface-sunken px-3 pt-3 text-xs">
                <NarrowFact label={t("table.holding")}>{formatReportDate(row.haltefrist_endet, lang)}</NarrowFact>
                <NarrowFact label={t("table.gain")}>
                  <GainText row={row} lang={lang} t={t} />
                </NarrowFact>
                <NarrowFact label={t("table.fee")}>
                  <FeeText row={row} lang={lang} t={t} />
                </NarrowFact>
                <NarrowFact label={t("table.hash")}>
                  <HashLink row={row} t={t} />
                </NarrowFact>
              </div>
            ) : null}
            <TransactionDetails row={row} rowIndex={rowIndex} lotLines={lotLines} />
          </td>
        </tr>
      ) : null}
    </>
  );
});

function NarrowFact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="tabular min-w-0 break-words">
      <span className="text-text-muted">{label}: </span>
      {children}
    </div>
  );
}
