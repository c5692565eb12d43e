import { D, DISTRIBUTION_TOP, type TokenHolding } from "@pulsemanager/core";
import { hiddenTokenId } from "./hidden-tokens.ts";

export interface DistributionEntry {
  id: string;
  symbol: string;
  name: string;
  contractAddress: string;
  chainId: number;
  /** USD, summed over the wallets holding the token. */
  value: string;
  /** Share of the server's total, in percent. */
  percentage: string;
}

/**
 * The distribution list: tokens counted in the total, the same token in
 * several wallets summed, hidden tokens left out, the largest `top` by value. Shares stay
 * those of the server's total, so the list and the total card always agree.
 */
export function distributionOf(
  tokens: readonly TokenHolding[],
  hidden: ReadonlySet<string>,
  top: number = DISTRIBUTION_TOP,
): { entries: DistributionEntry[]; rest: { value: string; percentage: string } | null } {
  const byToken = new Map<string, DistributionEntry>();
  for (const token of tokens) {
    if (!token.isIncludedInPortfolio) continue;
    const id = hiddenTokenId(token);
    if (hidden.has(id)) continue;
    const entry = byToken.get(id);
    if (entry) {
      entry.value = new D(entry.value).plus(token.value).toFixed();
      entry.percentage = new D(entry.percentage).plus(token.percentageOfPortfolio).toFixed();
    } else {
      byToken.set(id, {
        id,
        symbol: token.symbol,
        name: token.name,
        contractAddress: token.contractAddress,
        chainId: token.chainId,
        value: token.value,
        percentage: token.percentageOfPortfolio,
      });
    }
  }
  const sorted = [...byToken.values()].sort((a, b) => new D(b.value).comparedTo(new D(a.value)));
  const others = sorted.slice(top);
  const rest =
    others.length === 0
      ? null
      : {
          value: others.reduce((sum, e) => sum.plus(e.value), new D(0)).toFixed(),
          percentage: others.reduce((sum, e) => sum.plus(e.percentage), new D(0)).toFixed(),
        };
  return { entries: sorted.slice(0, top), rest };
}
