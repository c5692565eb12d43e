import { D, type TokenHolding } from "@pulsemanager/core";

/** Below this value (USD) a priced holding counts as small for the "hide small" filter. */
export const SMALL_VALUE_USD = "1";

/** The token table's search and filters; unpriced never-sold airdrops are hidden unless shown. */
export interface TokenFilter {
  /** Part of the name, the symbol or the contract address (any case). */
  query: string;
  /** One chain, or every chain. */
  chainId: number | null;
  hideSmall: boolean;
  hideUnpriced: boolean;
  showAirdrops: boolean;
}

export const DEFAULT_FILTER: TokenFilter = {
  query: "",
  chainId: null,
  hideSmall: false,
  hideUnpriced: false,
  showAirdrops: false,
};

type Row = Pick<
  TokenHolding,
  "symbol" | "name" | "contractAddress" | "chainId" | "value" | "hasReliablePrice" | "unpricedAirdrop"
>;

function matchesQuery(token: Row, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === "") return true;
  return [token.symbol, token.name, token.contractAddress].some((text) => text.toLowerCase().includes(q));
}

/**
 * The rows the table shows, and how many unpriced airdrops among the searched ones it keeps hidden
 * (the count beside the "show" toggle). The search and the chain apply first, so the count says
 * what showing them would add.
 */
export function filterTokens<T extends Row>(
  tokens: readonly T[],
  filter: TokenFilter,
): { rows: T[]; hiddenAirdrops: number } {
  const small = new D(SMALL_VALUE_USD);
  let hiddenAirdrops = 0;
  const rows = tokens.filter((token) => {
    if (filter.chainId !== null && token.chainId !== filter.chainId) return false;
    if (!matchesQuery(token, filter.query)) return false;
    if (token.unpricedAirdrop && !filter.showAirdrops) {
      hiddenAirdrops += 1;
      return false;
    }
    if (filter.hideUnpriced && !token.hasReliablePrice) return false;
    if (filter.hideSmall && token.hasReliablePrice && new D(token.value).lt(small)) return false;
    return true;
  });
  return { rows, hiddenAirdrops };
}
