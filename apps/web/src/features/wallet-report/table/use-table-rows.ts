import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef, useState } from "react";

/** Fixed heights of a closed row: the virtualizer's estimate matches, so only opened rows are re-measured. */
export const ROW_HEIGHT = 44;
export const CARD_HEIGHT = 68;
const HEADER_HEIGHT = 36;
const OVERSCAN = 12;

/**
 * The virtualized rows of the transaction table: the scroll box, which rows are open, and the
 * focus move between rows. A new filter starts at the top; the layout (table or cards) re-measures.
 */
export function useTableRows(indexes: Int32Array, filterKey: string, narrow: boolean) {
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

  return { scrollRef, virtualizer, headerHeight, expanded, toggle, focusRow };
}
