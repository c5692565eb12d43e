import type { MarketToken } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { DataTable, Td } from "../../components/data-table.tsx";
import { Link } from "../../components/link.tsx";
import { TokenIcon } from "../../components/token-icon.tsx";
import { shortChainName } from "../../lib/address.ts";
import { marketTokenPath } from "../../lib/paths.ts";
import { ChangeText } from "./change-text.tsx";
import { priceOrDash, usdOrDash } from "./market-figures.ts";
import type { MarketSortKey, MarketSortState } from "./market-sort.ts";
import { SortHeader } from "./sort-header.tsx";
import { WatchStar } from "./watch-star.tsx";

interface MarketTableProps {
  rows: readonly MarketToken[];
  sort: MarketSortState;
  onSort: (key: MarketSortKey) => void;
}

/** The overview's rows: a sortable table from tablet width, stacked cards on a phone (nothing scrolls sideways). */
export function MarketTable({ rows, sort, onSort }: MarketTableProps) {
  const { t } = useTranslation("market");
  const head = (column: MarketSortKey, label: string, align?: "left" | "right", title?: string) => (
    <SortHeader column={column} sort={sort} onSort={onSort} align={align} title={title}>
      {label}
    </SortHeader>
  );
  return (
    <>
      <DataTable
        variant="wide"
        className="hidden md:table"
        testId="market-table"
        head={
          <>
            <th scope="col" className="w-10 px-2 py-2">
              <span className="sr-only">{t("columns.watch")}</span>
            </th>
            {head("name", t("columns.name"), "left")}
            {head("symbol", t("columns.symbol"), "left")}
            {head("priceUsd", t("columns.price"))}
            {head("change24h", t("columns.change24h"))}
            {head("volume24hUsd", t("columns.volume24h"))}
            {head("marketCapUsd", t("columns.marketCap"), "right", t("marketCapLegend"))}
          </>
        }
      >
        {rows.map((row) => (
          <DesktopRow key={`${row.chainId}:${row.address}`} row={row} />
        ))}
      </DataTable>
      <ul className="divide-y divide-border md:hidden" data-testid="market-cards">
        {rows.map((row) => (
          <PhoneCard key={`${row.chainId}:${row.address}`} row={row} />
        ))}
      </ul>
    </>
  );
}

function TokenName({ row }: { row: MarketToken }) {
  return (
    <Link
      to={marketTokenPath(row.chainId, row.address)}
      className="inline-flex min-w-0 items-center gap-2 font-medium hover:text-accent hover:underline"
    >
      <TokenIcon symbol={row.symbol} address={row.address} className="size-7" />
      <span className="min-w-0 break-words">{row.name}</span>
    </Link>
  );
}

function DesktopRow({ row }: { row: MarketToken }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <tr data-testid="market-row">
      <td className="px-2 py-2">
        <WatchStar token={row} />
      </td>
      <Td>
        <TokenName row={row} />
      </Td>
      <Td className="text-text-muted">
        {row.symbol} <span className="text-xs">· {shortChainName(row.chainId)}</span>
      </Td>
      <Td right className="tabular">
        {priceOrDash(row.priceUsd, lang)}
      </Td>
      <Td right>
        <ChangeText value={row.change24h} />
      </Td>
      <Td right className="tabular">
        {usdOrDash(row.volume24hUsd, lang)}
      </Td>
      <Td right className="tabular">
        {usdOrDash(row.marketCapUsd, lang)}
      </Td>
    </tr>
  );
}

function PhoneCard({ row }: { row: MarketToken }) {
  const { t, i18n } = useTranslation("market");
  const lang = i18n.language;
  return (
    <li className="py-3" data-testid="market-row">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <TokenName row={row} />
          <p className="text-xs text-text-muted">
            {row.symbol} · {shortChainName(row.chainId)}
          </p>
        </div>
        <WatchStar token={row} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-text-muted">{t("columns.price")}</dt>
        <dd className="tabular text-right">{priceOrDash(row.priceUsd, lang)}</dd>
        <dt className="text-text-muted">{t("columns.change24h")}</dt>
        <dd className="text-right">
          <ChangeText value={row.change24h} />
        </dd>
        <dt className="text-text-muted">{t("columns.volume24h")}</dt>
        <dd className="tabular text-right">{usdOrDash(row.volume24hUsd, lang)}</dd>
        <dt className="text-text-muted">{t("columns.marketCap")}</dt>
        <dd className="tabular text-right">{usdOrDash(row.marketCapUsd, lang)}</dd>
      </dl>
    </li>
  );
}
