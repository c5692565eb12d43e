import type { PortfolioResult, TokenHolding } from "@pulsemanager/core";
import { ArrowDown, ArrowUp, ArrowUpDown, EyeOff, TriangleAlert } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { MoreButton } from "../../components/more-button.tsx";
import { TokenIcon } from "../../components/token-icon.tsx";
import { usePaged } from "../../components/use-paged.ts";
import { shortAddress, shortChainName } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { formatInteger, formatTokenBalance } from "../../lib/format-number.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useMoney } from "../../state/currency/index.ts";
import { hiddenTokenId } from "./hidden-tokens.ts";
import { PriceSourceBadge } from "./price-source-badge.tsx";
import { emptyTableKey } from "./read-failures.ts";
import { DEFAULT_FILTER, filterTokens, type TokenFilter } from "./token-filter.ts";
import { DEFAULT_SORT, nextSort, type SortKey, type SortState, sortTokens } from "./token-sort.ts";
import { TokenToolbar } from "./token-toolbar.tsx";

/** Rows shown at first and added per "more" click: wallets with hundreds of airdropped tokens stay fast. */
export const TABLE_PAGE = 50;
/** On a phone a screen holds a handful of tokens: fewer at first, the same 50 per "more". */
export const PHONE_FIRST_PAGE = 20;

export function rowKey(token: TokenHolding): string {
  return `${token.walletAddress}:${token.chainId}:${token.contractAddress}`;
}

/** What the value column says about a token without a usable price (in the words of docs/product/design.md). */
export function priceProblem(token: TokenHolding): "unavailable" | "unreliable" | null {
  if (token.hasReliablePrice) return null;
  return token.price === null ? "unavailable" : "unreliable";
}

interface TokenTableProps {
  result: PortfolioResult;
  hidden: ReadonlySet<string>;
  onHide: (id: string) => void;
}

/** The token table, sortable by value, balance, price and name; a list on phones. */
export function TokenTable({ result, hidden, onHide }: TokenTableProps) {
  // The page shows first; the rows (sorting thousands of tokens, rendering dozens) follow in a
  // background render that yields to the browser, so the page never freezes while they appear.
  const tokens = useDeferredValue(result.tokens, null);
  if (tokens === null) return <TableSkeleton />;
  return <TokenRows result={result} tokens={tokens} hidden={hidden} onHide={onHide} />;
}

function TableSkeleton() {
  return (
    <div className="space-y-2 p-4" aria-busy="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="h-10 animate-pulse rounded bg-surface-sunken" />
      ))}
    </div>
  );
}

function TokenRows({ result, tokens, hidden, onHide }: TokenTableProps & { tokens: readonly TokenHolding[] }) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  const money = useMoney(result.fx);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  // The table from md up, a list below: only the one shown is rendered (thousands of tokens are possible).
  const wide = useMediaQuery("(min-width: 768px)");
  const [filter, setFilter] = useState<TokenFilter>(DEFAULT_FILTER);
  const filtered = useMemo(
    () =>
      filterTokens(
        tokens.filter((token) => !hidden.has(hiddenTokenId(token))),
        filter,
      ),
    [tokens, hidden, filter],
  );
  const sorted = useMemo(() => sortTokens(filtered.rows, sort), [filtered.rows, sort]);
  const paged = usePaged(sorted, TABLE_PAGE, wide ? TABLE_PAGE : PHONE_FIRST_PAGE);
  const visible = paged.shown;
  const remaining = paged.rest;
  const walletName = (address: string) =>
    result.wallets.find((w) => w.address.toLowerCase() === address.toLowerCase())?.nickname ?? shortAddress(address);
  const multipleWallets = new Set(result.tokens.map((token) => token.walletAddress.toLowerCase())).size > 1;

  if (result.tokens.length === 0) {
    return <p className="p-4 text-sm text-text-muted sm:p-6">{t(emptyTableKey(result))}</p>;
  }
  const toolbar = <TokenToolbar filter={filter} onChange={setFilter} hiddenAirdrops={filtered.hiddenAirdrops} />;
  if (sorted.length === 0) {
    const allHidden = tokens.every((token) => hidden.has(hiddenTokenId(token)));
    return (
      <>
        {toolbar}
        <p className="p-4 text-sm text-text-muted sm:p-6" data-testid="token-table-empty">
          {allHidden ? t("table.allHidden") : t("filters.noMatch")}
        </p>
      </>
    );
  }

  const header = (key: SortKey, label: string, align: "left" | "right") => {
    const active = sort.key === key;
    const Icon = active ? (sort.direction === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
    return (
      <Th
        right={align === "right"}
        aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
      >
        <button
          type="button"
          onClick={() => setSort((s) => nextSort(s, key))}
          className={cn(
            "inline-flex items-center gap-1 rounded hover:text-text",
            align === "right" && "flex-row-reverse",
            active && "text-text",
          )}
          data-testid={`sort-${key}`}
        >
          {label}
          <Icon className="size-3.5" aria-hidden="true" />
        </button>
      </Th>
    );
  };

  const valueCell = (token: TokenHolding) => {
    const problem = priceProblem(token);
    if (problem) {
      return (
        <span className="inline-flex items-start justify-end gap-1 text-xs text-warning" data-testid="price-warning">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="text-right">{t(`price.${problem}`)}</span>
        </span>
      );
    }
    return (
      <span>
        <span className="font-medium">{money.format(token.value)}</span>
        {!token.isIncludedInPortfolio ? (
          <span className="block text-xs text-text-muted">{t("price.belowMinimum")}</span>
        ) : null}
      </span>
    );
  };

  const hideButton = (token: TokenHolding) => (
    <button
      type="button"
      onClick={() => onHide(hiddenTokenId(token))}
      className="rounded-md p-2 text-text-muted hover:bg-surface-sunken hover:text-text"
      aria-label={t("hide", { symbol: token.symbol })}
      title={t("hide", { symbol: token.symbol })}
      data-testid="hide-token"
    >
      <EyeOff className="size-4" aria-hidden="true" />
    </button>
  );

  const tokenCell = (token: TokenHolding) => (
    <div className="flex min-w-0 items-center gap-3">
      <TokenIcon symbol={token.symbol} address={token.contractAddress} />
      <div className="min-w-0">
        <p className="truncate font-medium" data-testid="token-symbol">
          {token.symbol}
        </p>
        <p className="truncate text-xs text-text-muted">
          {token.name} · {shortChainName(token.chainId)}
        </p>
        {multipleWallets ? (
          <p className="text-xs break-words text-text-muted" data-testid="token-wallet">
            {walletName(token.walletAddress)}
          </p>
        ) : null}
      </div>
    </div>
  );

  return (
    <>
      {toolbar}
      {wide ? (
        <DataTable
          caption={t("table.caption")}
          variant="wide"
          testId="token-table"
          head={
            <>
              {header("name", t("table.token"), "left")}
              {header("balance", t("table.balance"), "right")}
              {header("price", t("table.price"), "right")}
              {header("value", t("table.value"), "right")}
              <Th className="w-12">
                <span className="sr-only">{t("table.actions")}</span>
              </Th>
            </>
          }
        >
          {visible.map((token) => (
            <tr
              key={rowKey(token)}
              data-testid="token-row"
              data-symbol={token.symbol}
              data-token={`${token.chainId}:${token.contractAddress.toLowerCase()}`}
            >
              <Td className="max-w-64">{tokenCell(token)}</Td>
              <Td right nowrap className="tabular">
                {formatTokenBalance(token.balance, lang)} <span className="text-text-muted">{token.symbol}</span>
              </Td>
              <Td right className="tabular">
                <div className="flex flex-col items-end gap-1">
                  <span className="whitespace-nowrap">{token.price === null ? "–" : money.price(token.price)}</span>
                  <PriceSourceBadge token={token} />
                </div>
              </Td>
              <Td right className="tabular max-w-48">
                {valueCell(token)}
              </Td>
              <td className="px-1 py-2 text-right">{hideButton(token)}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <div data-testid="token-list">
          <div className="flex flex-wrap gap-2 border-b border-border px-4 py-2 text-xs text-text-muted">
            <span className="self-center">{t("table.sortBy")}</span>
            {(["value", "balance", "price", "name"] as const).map((key) => (
              <button
                key={key}
                type="button"
                onClick={() => setSort((s) => nextSort(s, key))}
                aria-pressed={sort.key === key}
                className={cn(
                  "inline-flex items-center gap-1 rounded-full border px-2 py-0.5",
                  sort.key === key ? "border-accent text-text" : "border-border",
                )}
              >
                {t(`table.${key === "name" ? "token" : key}`)}
                {sort.key === key ? (
                  sort.direction === "asc" ? (
                    <ArrowUp className="size-3" aria-hidden="true" />
                  ) : (
                    <ArrowDown className="size-3" aria-hidden="true" />
                  )
                ) : null}
              </button>
            ))}
          </div>
          <ul className="divide-y divide-border">
            {visible.map((token) => (
              <li
                key={rowKey(token)}
                className="px-4 py-3"
                data-testid="token-item"
                data-symbol={token.symbol}
                data-token={`${token.chainId}:${token.contractAddress.toLowerCase()}`}
              >
                <div className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">{tokenCell(token)}</div>
                  <div className="tabular min-w-0 max-w-[62%] shrink-0 text-right text-sm">
                    <div className="font-medium">{priceProblem(token) ? "–" : money.format(token.value)}</div>
                    <p className="truncate text-xs text-text-muted">
                      {formatTokenBalance(token.balance, lang)} {token.symbol}
                    </p>
                    <div className="mt-1 flex justify-end">
                      <PriceSourceBadge token={token} />
                    </div>
                  </div>
                  {hideButton(token)}
                </div>
                {priceProblem(token) ? (
                  <p className="mt-1 flex gap-1 pl-11 text-xs text-warning" data-testid="price-warning">
                    <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                    {t(`price.${priceProblem(token)}`)}
                  </p>
                ) : !token.isIncludedInPortfolio ? (
                  <p className="mt-1 pl-11 text-xs text-text-muted">{t("price.belowMinimum")}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      )}
      {remaining > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-3 text-sm sm:px-6">
          <span className="text-text-muted" data-testid="token-count-shown">
            {t("table.shown", {
              shown: formatInteger(visible.length, lang),
              total: formatInteger(sorted.length, lang),
            })}
          </span>
          <MoreButton rest={remaining} onMore={paged.more} className="" testId="token-more">
            {t("table.more", { count: paged.next })}
          </MoreButton>
        </div>
      ) : null}
    </>
  );
}
