import type { PortfolioResult } from "@pulsemanager/core";

type Excluded = PortfolioResult["debug"]["excludedTokens"][number];

/** An excluded token once, however many wallets hold it. */
export interface ExcludedGroup {
  chainId: number;
  contractAddress: string;
  symbol: string;
  code?: Excluded["code"];
  /** The English text of a portfolio cached before the code was sent. */
  reason: string;
  wallets: number;
}

/** The debug panel's excluded tokens: one line per token (the answer has one per wallet holding it). */
export function groupExcluded(excluded: readonly Excluded[]): ExcludedGroup[] {
  const byToken = new Map<string, ExcludedGroup>();
  for (const e of excluded) {
    const key = `${e.chainId}:${e.contractAddress}`;
    const group = byToken.get(key);
    if (group) group.wallets += 1;
    else byToken.set(key, { ...e, wallets: 1 });
  }
  return [...byToken.values()];
}
