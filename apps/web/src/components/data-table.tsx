import { type ComponentProps, createContext, type ReactNode, useContext } from "react";
import { cn } from "../lib/cn.ts";

/**
 * How a table is laid out:
 * - `list`: on a phone each row becomes label/value lines (`.stacked-table` in styles.css, the labels from
 *   the cells' `data-label`); figures in tabular digits.
 * - `dense-list`: the same with less room between rows.
 * - `wide`: a table from tablet width whose page shows something else (cards) on a phone.
 */
export type TableVariant = "list" | "dense-list" | "wide";

/** Which side of the row a cell is on: an outer cell drops the padding on its outer side. */
export type CellEdge = "first" | "last";

const CELL_PADDING: Record<TableVariant, Record<CellEdge | "inner", string>> = {
  list: { first: "py-1.5 pr-3", inner: "py-1.5 pr-3", last: "py-1.5" },
  "dense-list": { first: "py-1 pr-3", inner: "py-1 pr-3", last: "py-1" },
  wide: { first: "py-2 pr-3", inner: "px-3 py-2", last: "py-2 pl-3" },
};

const VariantContext = createContext<TableVariant>("list");

function useCellPadding(edge: CellEdge | undefined): string {
  return CELL_PADDING[useContext(VariantContext)][edge ?? "inner"];
}

interface DataTableProps {
  /** Read by screen readers only. */
  caption?: string;
  /** The header cells (`Th`), in one row. */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
  /** Rows of a `<tfoot>` (totals). */
  foot?: ReactNode;
  variant?: TableVariant;
  /** Wraps the table in a box that scrolls sideways from phone width up (a `min-w-*` in `className`). */
  scroll?: boolean;
  /** More classes of the `<table>` (its minimum width, margins, when it shows). */
  className?: string;
  testId?: string;
}

/** A data table: caption, header row, body and optional footer, in the app's one table style. */
export function DataTable(props: DataTableProps) {
  const variant = props.variant ?? "list";
  const wide = variant === "wide";
  const table = (
    <table
      className={cn(!wide && "stacked-table", "w-full text-left text-sm", props.className)}
      data-testid={props.testId}
    >
      {props.caption ? <caption className="sr-only">{props.caption}</caption> : null}
      <thead className="text-xs text-text-muted">
        <tr className={wide ? "border-b border-border" : undefined}>{props.head}</tr>
      </thead>
      <tbody className={cn(!wide && "tabular", "divide-y divide-border")}>{props.children}</tbody>
      {props.foot ? <tfoot className="border-t-2 border-border font-semibold">{props.foot}</tfoot> : null}
    </table>
  );
  return (
    <VariantContext.Provider value={variant}>
      {props.scroll ? <div className="sm:overflow-x-auto">{table}</div> : table}
    </VariantContext.Provider>
  );
}

interface CellOptions {
  /** Right-aligned (figures). */
  right?: boolean;
  edge?: CellEdge;
}

/** A column header of a `DataTable`. */
export function Th({ right, edge, className, ...rest }: CellOptions & ComponentProps<"th">) {
  return (
    <th scope="col" className={cn(useCellPadding(edge), right && "text-right", "font-medium", className)} {...rest} />
  );
}

/** A cell of a `DataTable`; `label` names it where a phone shows the row as lines. */
export function Td({
  label,
  right,
  nowrap,
  edge,
  className,
  ...rest
}: CellOptions & { label?: string; nowrap?: boolean } & ComponentProps<"td">) {
  return (
    <td
      data-label={label}
      className={cn(useCellPadding(edge), right && "text-right", nowrap && "whitespace-nowrap", className)}
      {...rest}
    />
  );
}
