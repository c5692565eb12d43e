import type { PortfolioResult, TokenHolding } from "@pulsemanager/core";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoreButton } from "../../components/more-button.tsx";
import { usePaged } from "../../components/use-paged.ts";
import { shortAddress } from "../../lib/address.ts";
import { formatInteger } from "../../lib/format-number.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useMoney } from "../../state/currency/index.ts";
import { hiddenTokenId } from "./hidden-tokens.ts";
import { emptyTableKey } from "./read-failures.ts";
import { DEFAULT_FILTER, filterTokens, type TokenFilter } from "./token-filter.ts";
import { DEFAULT_SORT, type SortState, sortTokens } from "./token-sort.ts";
import { TokenToolbar } from "./token-toolbar.tsx";
import { TokenList, WideTokenTable } from "./token-views.tsx";

/** Rows shown at first and added per "more" click: wallets with hundreds of airdropped tokens stay fast. */
export const TABLE_PAGE = 50;
/** On a phone a screen holds a handful of tokens: fewer at first, the same 50 per "more". */
export const PHONE_FIRST_PAGE = 20;

export { priceProblem, rowKey } from "./token-row.ts";

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

/** Filter, sort and page the tokens; the table or the list shows them. */
function useTokenRows(tokens: readonly TokenHolding[], hidden: ReadonlySet<string>, wide: boolean) {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
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
  return { sort, setSort, filter, setFilter, hiddenAirdrops: filtered.hiddenAirdrops, sorted, paged };
}

/** The wallet's name under a token when the portfolio shows several wallets, else null. */
function walletLabeller(result: PortfolioResult): (token: TokenHolding) => string | null {
  const multipleWallets = new Set(result.tokens.map((token) => token.walletAddress.toLowerCase())).size > 1;
  return (token) =>
    multipleWallets
      ? (result.wallets.find((w) => w.address.toLowerCase() === token.walletAddress.toLowerCase())?.nickname ??
        shortAddress(token.walletAddress))
      : null;
}

function TokenRows({ result, tokens, hidden, onHide }: TokenTableProps & { tokens: readonly TokenHolding[] }) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  const money = useMoney(result.fx);
  // The table from md up, a list below: only the one shown is rendered (thousands of tokens are possible).
  const wide = useMediaQuery("(min-width: 768px)");
  const { sort, setSort, filter, setFilter, hiddenAirdrops, sorted, paged } = useTokenRows(tokens, hidden, wide);

  if (result.tokens.length === 0) {
    return <p className="p-4 text-sm text-text-muted sm:p-6">{t(emptyTableKey(result))}</p>;
  }
  const toolbar = <TokenToolbar filter={filter} onChange={setFilter} hiddenAirdrops={hiddenAirdrops} />;
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
  const view = { visible: paged.shown, sort, setSort, money, walletLabel: walletLabeller(result), onHide };
  return (
    <>
      {toolbar}
      {wide ? <WideTokenTable {...view} /> : <TokenList {...view} />}
      {paged.rest > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-3 text-sm sm:px-6">
          <span className="text-text-muted" data-testid="token-count-shown">
            {t("table.shown", {
              shown: formatInteger(paged.shown.length, lang),
              total: formatInteger(sorted.length, lang),
            })}
          </span>
          <MoreButton rest={paged.rest} onMore={paged.more} className="" testId="token-more">
            {t("table.more", { count: paged.next })}
          </MoreButton>
        </div>
      ) : null}
    </>
  );
}
