import { PORTFOLIO_CHAINS } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { SearchInput } from "../../components/search-input.tsx";
import { inputClassName } from "../../components/text-field.tsx";
import { shortChainName } from "../../lib/address.ts";
import { formatInteger } from "../../lib/format-number.ts";
import type { TokenFilter } from "./token-filter.ts";

interface TokenToolbarProps {
  filter: TokenFilter;
  onChange: (filter: TokenFilter) => void;
  /** Unpriced never-sold airdrops the filter keeps hidden now. */
  hiddenAirdrops: number;
}

/** Search (name, symbol, address), chain, "hide small" / "hide unpriced" and the hidden airdrops' toggle. */
export function TokenToolbar({ filter, onChange, hiddenAirdrops }: TokenToolbarProps) {
  const { t, i18n } = useTranslation("portfolio");
  const set = (change: Partial<TokenFilter>) => onChange({ ...filter, ...change });
  const check = (key: "hideSmall" | "hideUnpriced") => (
    <label className="flex items-center gap-2 pb-2 text-sm">
      <input
        type="checkbox"
        checked={filter[key]}
        onChange={(event) => set({ [key]: event.target.checked })}
        className="size-4 accent-accent"
        data-testid={`filter-${key}`}
      />
      {t(`filters.${key}`)}
    </label>
  );
  return (
    <div className="space-y-2 border-b border-border px-4 py-3 sm:px-6" data-testid="token-toolbar">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor="token-search" className="block text-xs font-medium text-text-muted">
            {t("filters.search")}
          </label>
          <SearchInput
            id="token-search"
            value={filter.query}
            onValue={(query) => set({ query })}
            placeholder={t("filters.searchPlaceholder")}
            data-testid="token-search"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="token-chain" className="block text-xs font-medium text-text-muted">
            {t("filters.chain")}
          </label>
          <select
            id="token-chain"
            value={filter.chainId ?? ""}
            onChange={(event) => set({ chainId: event.target.value === "" ? null : Number(event.target.value) })}
            className={inputClassName}
            data-testid="token-chain"
          >
            <option value="">{t("filters.allChains")}</option>
            {PORTFOLIO_CHAINS.map((chainId) => (
              <option key={chainId} value={chainId}>
                {shortChainName(chainId)}
              </option>
            ))}
          </select>
        </div>
        {check("hideSmall")}
        {check("hideUnpriced")}
      </div>
      {hiddenAirdrops > 0 || filter.showAirdrops ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-text-muted" data-testid="airdrops-note">
          {filter.showAirdrops ? (
            <span>{t("filters.airdropsShown")}</span>
          ) : (
            <span>
              {t("filters.airdropsHidden", {
                count: hiddenAirdrops,
                formatted: formatInteger(hiddenAirdrops, i18n.language),
              })}
            </span>
          )}
          <button
            type="button"
            onClick={() => set({ showAirdrops: !filter.showAirdrops })}
            aria-pressed={filter.showAirdrops}
            className="rounded px-1 font-medium text-accent hover:underline"
            data-testid="airdrops-toggle"
          >
            {filter.showAirdrops ? t("filters.airdropsHide") : t("filters.airdropsShow")}
          </button>
        </p>
      ) : null}
    </div>
  );
}
