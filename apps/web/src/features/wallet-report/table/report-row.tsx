import type { LotLines, ReportTransaction } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { ChevronRight } from "lucide-react";
import { type CSSProperties, type KeyboardEvent, memo } from "react";
import { cn } from "../../../lib/cn.ts";
import { formatAmount, formatReportDate } from "../report-format.ts";
import { FeeText, GainText, HashLink, TaxableBadge, TypBadge, typKey, ValueText } from "./row-cells.tsx";
import { TransactionDetails } from "./transaction-details.tsx";

/** The wide table's columns (header and rows share them). */
export const COLUMNS = 11;
export const GRID: CSSProperties = {
  gridTemplateColumns: "20px 84px 84px minmax(56px,1fr) 116px 104px 96px 84px 100px 76px 120px",
};

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

type CellsProps = Pick<ReportRowProps, "row" | "lang" | "t">;

/** The button in a row's first cell: aria-expanded, Enter and Space, the arrow keys move between rows. */
function RowToggle({
  row,
  rowIndex,
  position,
  expanded,
  lang,
  t,
  onToggle,
  onMove,
  detailsId,
}: Omit<ReportRowProps, "narrow" | "lotLines"> & { detailsId: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      onMove(position + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      onMove(position - 1);
    }
  };
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={expanded ? detailsId : undefined}
      aria-label={t("wallet-report:table.toggle", {
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
}

/** The phone card's two cells. */
function NarrowCells({ row, lang, t, toggle }: CellsProps & { toggle: React.ReactNode }) {
  return (
    <>
      <td className="flex min-w-0 flex-1 items-center gap-2">
        {toggle}
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
    </>
  );
}

/** The wide table's eleven cells. */
function WideCells({ row, lang, t, toggle }: CellsProps & { toggle: React.ReactNode }) {
  return (
    <>
      <td className="flex items-center">{toggle}</td>
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
    </>
  );
}

/** The opened row: on phones the columns the card leaves out, then the details. */
function ExpandedRow({
  row,
  rowIndex,
  narrow,
  lang,
  t,
  lotLines,
  detailsId,
}: CellsProps & Pick<ReportRowProps, "rowIndex" | "narrow" | "lotLines"> & { detailsId: string }) {
  return (
    <tr id={detailsId} className="block border-b border-border">
      <td colSpan={narrow ? 2 : COLUMNS} className="block">
        {narrow ? (
          <div className="grid grid-cols-2 gap-x-4 gap-y-1 bg-surface-sunken px-3 pt-3 text-xs">
            <NarrowFact label={t("wallet-report:table.holding")}>
              {formatReportDate(row.haltefrist_endet, lang)}
            </NarrowFact>
            <NarrowFact label={t("wallet-report:table.gain")}>
              <GainText row={row} lang={lang} t={t} />
            </NarrowFact>
            <NarrowFact label={t("wallet-report:table.fee")}>
              <FeeText row={row} lang={lang} t={t} />
            </NarrowFact>
            <NarrowFact label={t("wallet-report:table.hash")}>
              <HashLink row={row} t={t} />
            </NarrowFact>
          </div>
        ) : null}
        <TransactionDetails row={row} rowIndex={rowIndex} lotLines={lotLines} />
      </td>
    </tr>
  );
}

/**
 * One transaction: a click anywhere on the row opens it; the button in its first cell carries
 * aria-expanded and takes Enter and Space (and the arrow keys move to the next or previous row).
 */
export const ReportRow = memo(function ReportRow(props: ReportRowProps) {
  const { row, rowIndex, position, expanded, narrow, lang, t, onToggle } = props;
  const detailsId = `wallet-report-row-${rowIndex}-details`;
  const toggle = <RowToggle {...props} detailsId={detailsId} />;
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
          <NarrowCells row={row} lang={lang} t={t} toggle={toggle} />
        </tr>
      ) : (
        <tr
          {...rowProps}
          className="grid h-11 cursor-pointer items-center gap-x-2 overflow-hidden border-b border-border px-3 text-[13px] whitespace-nowrap hover:bg-surface-sunken"
          style={GRID}
        >
          <WideCells row={row} lang={lang} t={t} toggle={toggle} />
        </tr>
      )}
      {expanded ? <ExpandedRow {...props} detailsId={detailsId} /> : null}
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
