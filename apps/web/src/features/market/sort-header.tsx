import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Th } from "../../components/data-table.tsx";
import { cn } from "../../lib/cn.ts";
import type { MarketSortKey, MarketSortState } from "./market-sort.ts";

interface SortHeaderProps {
  column: MarketSortKey;
  sort: MarketSortState;
  onSort: (key: MarketSortKey) => void;
  children: ReactNode;
  align?: "left" | "right";
  title?: string;
}

/** A column header of a wide `DataTable` that sorts by its column (aria-sort says how). */
export function SortHeader({ column, sort, onSort, children, align = "right", title }: SortHeaderProps) {
  const direction = sort?.key === column ? sort.direction : null;
  const Icon = !direction ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <Th
      right={align === "right"}
      aria-sort={direction ? (direction === "asc" ? "ascending" : "descending") : "none"}
      title={title}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn("inline-flex items-center gap-1 hover:text-text", direction && "text-text")}
        data-testid={`sort-${column}`}
      >
        {children}
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      </button>
    </Th>
  );
}
