import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress, shortChainName } from "../../../lib/address.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { CollapsibleSection } from "../collapsible-section.tsx";
import { formatAmount, formatReportDate } from "../report-format.ts";
import type { AirdropGroup } from "../result/airdrop-groups.ts";
import type { ReportRows } from "../result/report-data.ts";
import { HashLink } from "./row-cells.tsx";

export const AIRDROPS_ID = "wallet-report-airdrops";
/** Token lines per page, and rows shown in an opened token. */
const GROUPS_PAGE = 100;
const ROWS_SHOWN = 50;

/** The unpriced airdrops, one collapsible line per token (the table can hide them). */
export function AirdropGroupsSection({ groups, rows }: { groups: AirdropGroup[]; rows: ReportRows }) {
  const { t, i18n } = useTranslation("wallet-report");
  const total = groups.reduce((n, g) => n + g.rows.length, 0);
  return (
    <CollapsibleSection
      id={AIRDROPS_ID}
      title={t("airdrops.title")}
      meta={t("airdrops.meta", {
        count: groups.length,
        tokens: formatInteger(groups.length, i18n.language),
        rows: formatInteger(total, i18n.language),
      })}
      testId="airdrops-section"
    >
      {() => <GroupList groups={groups} rows={rows} />}
    </CollapsibleSection>
  );
}

function GroupList({ groups, rows }: { groups: AirdropGroup[]; rows: ReportRows }) {
  const { t } = useTranslation("wallet-report");
  const [limit, setLimit] = useState(GROUPS_PAGE);
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("airdrops.hint")}</p>
      <ul className="divide-y divide-border">
        {groups.slice(0, limit).map((group) => (
          <li key={group.key}>
            <GroupLine group={group} rows={rows} />
          </li>
        ))}
      </ul>
      {groups.length > limit ? (
        <button
          type="button"
          onClick={() => setLimit((l) => l + GROUPS_PAGE)}
          className="mt-2 rounded-md px-3 py-1.5 text-sm font-medium text-accent hover:bg-surface-sunken"
        >
          {t("lists.more", { count: Math.min(groups.length - limit, GROUPS_PAGE) })}
        </button>
      ) : null}
    </>
  );
}

function GroupLine({ group, rows }: { group: AirdropGroup; rows: ReportRows }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const [open, setOpen] = useState(false);
  const span =
    group.firstDate === group.lastDate
      ? formatReportDate(group.firstDate, lang)
      : `${formatReportDate(group.firstDate, lang)} – ${formatReportDate(group.lastDate, lang)}`;
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group/airdrop"
      data-testid="airdrop-group"
    >
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 shrink-0 text-text-muted transition-transform group-open/airdrop:rotate-90"
          aria-hidden="true"
        />
        <span className="font-medium">{group.symbol}</span>
        <span className="text-xs text-text-muted">
          {group.chainId === null ? t("details.manual") : shortChainName(group.chainId)}{" "}
          <span className="font-mono" title={group.tokenAddress}>
            {shortAddress(group.tokenAddress)}
          </span>
        </span>
        <span className="tabular ml-auto text-xs text-text-muted">
          {t("airdrops.count", { count: group.rows.length, formatted: formatInteger(group.rows.length, lang) })} ·{" "}
          {span}
        </span>
      </summary>
      {open ? (
        <ul className="tabular mb-2 ml-6 space-y-1 text-xs">
          {group.rows.slice(0, ROWS_SHOWN).map((i) => {
            const row = rows.at(i);
            return (
              <li key={i} className="flex flex-wrap gap-x-3">
                <span>{formatReportDate(row.date, lang)}</span>
                <span>
                  {formatAmount(row.amount, lang)} {row.coin_name}
                </span>
                <HashLink row={row} t={t} />
              </li>
            );
          })}
          {group.rows.length > ROWS_SHOWN ? (
            <li className="text-text-muted">{t("airdrops.moreRows", { count: group.rows.length - ROWS_SHOWN })}</li>
          ) : null}
        </ul>
      ) : null}
    </details>
  );
}
