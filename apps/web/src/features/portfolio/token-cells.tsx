import type { TokenHolding } from "@pulsemanager/core";
import { ArrowDown, ArrowUp, ArrowUpDown, EyeOff, TriangleAlert } from "lucide-react";
import type { Dispatch, SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { Th } from "../../components/data-table.tsx";
import { TokenIcon } from "../../components/token-icon.tsx";
import { shortChainName } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import type { Money } from "../../state/currency/index.ts";
import { hiddenTokenId } from "./hidden-tokens.ts";
import { priceProblem } from "./token-row.ts";
import { nextSort, type SortKey, type SortState } from "./token-sort.ts";

export type SetSort = Dispatch<SetStateAction<SortState>>;

/** A sortable column head of the wide table. */
export function SortHeader({
  sortKey,
  label,
  align,
  sort,
  setSort,
}: {
  sortKey: SortKey;
  label: string;
  align: "left" | "right";
  sort: SortState;
  setSort: SetSort;
}) {
  const active = sort.key === sortKey;
  const Icon = active ? (sort.direction === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Th right={align === "right"} aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}>
      <button
        type="button"
        onClick={() => setSort((s) => nextSort(s, sortKey))}
        className={cn(
          "inline-flex items-center gap-1 rounded hover:text-text",
          align === "right" && "flex-row-reverse",
          active && "text-text",
        )}
        data-testid={`sort-${sortKey}`}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </Th>
  );
}

/** The value column of the wide table: the value, or why there is none. */
export function ValueCell({ token, money }: { token: TokenHolding; money: Money }) {
  const { t } = useTranslation("portfolio");
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
}

export function HideButton({ token, onHide }: { token: TokenHolding; onHide: (id: string) => void }) {
  const { t } = useTranslation("portfolio");
  return (
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
}

/** Icon, symbol, name and chain; the wallet's name when several wallets are shown. */
export function TokenCell({ token, walletName }: { token: TokenHolding; walletName: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <TokenIcon symbol={token.symbol} address={token.contractAddress} />
      <div className="min-w-0">
        <p className="truncate font-medium" data-testid="token-symbol">
          {token.symbol}
        </p>
        <p className="truncate text-xs text-text-muted">
          {token.name} · {shortChainName(token.chainId)}
        </p>
        {walletName !== null ? (
          <p className="text-xs break-words text-text-muted" data-testid="token-wallet">
            {walletName}
          </p>
        ) : null}
      </div>
    </div>
  );
}
