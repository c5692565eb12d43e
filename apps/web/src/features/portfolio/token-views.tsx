import type { TokenHolding } from "@pulsemanager/core";
import { ArrowDown, ArrowUp, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { cn } from "../../lib/cn.ts";
import { formatTokenBalance } from "../../lib/format-number.ts";
import type { Money } from "../../state/currency/index.ts";
import { PriceSourceBadge } from "./price-source-badge.tsx";
import { HideButton, type SetSort, SortHeader, TokenCell, ValueCell } from "./token-cells.tsx";
import { priceProblem, rowKey, tokenDataId } from "./token-row.ts";
import { nextSort, type SortState } from "./token-sort.ts";

/** What the wide table and the phone list share: the rows shown and how to draw and act on them. */
export interface TokenViewProps {
  visible: readonly TokenHolding[];
  sort: SortState;
  setSort: SetSort;
  money: Money;
  /** The wallet's name under a token, or null when only one wallet is shown. */
  walletLabel: (token: TokenHolding) => string | null;
  onHide: (id: string) => void;
}

/** The token table from md up. */
export function WideTokenTable({ visible, sort, setSort, money, walletLabel, onHide }: TokenViewProps) {
  const { t, i18n } = useTranslation("portfolio");
  const header = { sort, setSort };
  return (
    <DataTable
      caption={t("table.caption")}
      variant="wide"
      testId="token-table"
      head={
        <>
          <SortHeader sortKey="name" label={t("table.token")} align="left" {...header} />
          <SortHeader sortKey="balance" label={t("table.balance")} align="right" {...header} />
          <SortHeader sortKey="price" label={t("table.price")} align="right" {...header} />
          <SortHeader sortKey="value" label={t("table.value")} align="right" {...header} />
          <Th className="w-12">
            <span className="sr-only">{t("table.actions")}</span>
          </Th>
        </>
      }
    >
      {visible.map((token) => (
        <tr key={rowKey(token)} data-testid="token-row" data-symbol={token.symbol} data-token={tokenDataId(token)}>
          <Td className="max-w-64">
            <TokenCell token={token} walletName={walletLabel(token)} />
          </Td>
          <Td right nowrap className="tabular">
            {formatTokenBalance(token.balance, i18n.language)} <span className="text-text-muted">{token.symbol}</span>
          </Td>
          <Td right className="tabular">
            <div className="flex flex-col items-end gap-1">
              <span className="whitespace-nowrap">{token.price === null ? "–" : money.price(token.price)}</span>
              <PriceSourceBadge token={token} />
            </div>
          </Td>
          <Td right className="tabular max-w-48">
            <ValueCell token={token} money={money} />
          </Td>
          <td className="px-1 py-2 text-right">
            <HideButton token={token} onHide={onHide} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The sort choices above the phone list. */
function SortChips({ sort, setSort }: { sort: SortState; setSort: SetSort }) {
  const { t } = useTranslation("portfolio");
  return (
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
  );
}

/** One token of the phone list. */
function TokenItem({
  token,
  money,
  walletName,
  onHide,
}: {
  token: TokenHolding;
  money: Money;
  walletName: string | null;
  onHide: (id: string) => void;
}) {
  const { t, i18n } = useTranslation("portfolio");
  const problem = priceProblem(token);
  return (
    <li className="px-4 py-3" data-testid="token-item" data-symbol={token.symbol} data-token={tokenDataId(token)}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TokenCell token={token} walletName={walletName} />
        </div>
        <div className="tabular min-w-0 max-w-[62%] shrink-0 text-right text-sm">
          <div className="font-medium">{problem ? "–" : money.format(token.value)}</div>
          <p className="truncate text-xs text-text-muted">
            {formatTokenBalance(token.balance, i18n.language)} {token.symbol}
          </p>
          <div className="mt-1 flex justify-end">
            <PriceSourceBadge token={token} />
          </div>
        </div>
        <HideButton token={token} onHide={onHide} />
      </div>
      {problem ? (
        <p className="mt-1 flex gap-1 pl-11 text-xs text-warning" data-testid="price-warning">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {t(`price.${problem}`)}
        </p>
      ) : !token.isIncludedInPortfolio ? (
        <p className="mt-1 pl-11 text-xs text-text-muted">{t("price.belowMinimum")}</p>
      ) : null}
    </li>
  );
}

/** The tokens as a list below md. */
export function TokenList({ visible, sort, setSort, money, walletLabel, onHide }: TokenViewProps) {
  return (
    <div data-testid="token-list">
      <SortChips sort={sort} setSort={setSort} />
      <ul className="divide-y divide-border">
        {visible.map((token) => (
          <TokenItem key={rowKey(token)} token={token} money={money} walletName={walletLabel(token)} onHide={onHide} />
        ))}
      </ul>
    </div>
  );
}
