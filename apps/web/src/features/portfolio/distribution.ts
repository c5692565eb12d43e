import { D, DISTRIBUTION_TOP, type PositionTotals, type TokenHolding } from "@pulsemanager/core";
import { hiddenTokenId } from "./hidden-tokens.ts";

export interface DistributionEntry {
  /** `${chainId}:${address}` of a token, `positions:liquidity` / `positions:staked` of a position slice. */
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

/** The valued positions inside the total (liquidity, stakes), each one slice with its label. */
export interface PositionSlices {
  totals: PositionTotals;
  /** The server's total (tokens and positions), USD. */
  totalValue: string;
  /** A short label (the list's first line) and the name under it. */
  labels: Record<keyof PositionTotals, { symbol: string; name: string }>;
}

export const isPositionSlice = (entry: Pick<DistributionEntry, "id">): boolean => entry.id.startsWith("positions:");

function positionEntries(p: PositionSlices): DistributionEntry[] {
  const total = new D(p.totalValue);
  const kinds = Object.keys(p.labels) as (keyof PositionTotals)[];
  return kinds
    .filter((kind) => new D(p.totals[kind]).gt(0) && total.gt(0))
    .map((kind) => ({
      id: `positions:${kind}`,
      symbol: p.labels[kind].symbol,
      name: p.labels[kind].name,
      contractAddress: `positions:${kind}`,
      chainId: 0,
      value: p.totals[kind],
      percentage: new D(p.totals[kind]).div(total).mul(100).toFixed(2),
    }));
}

/**
 * The distribution list: tokens counted in the total, the same token in
 * several wallets summed, hidden tokens left out, liquidity and stakes one slice each, the largest
 * `top` by value. Shares stay
 * those of the server's total, so the list and the total card always agree.
 */
export function distributionOf(
  tokens: readonly TokenHolding[],
  hidden: ReadonlySet<string>,
  top: number = DISTRIBUTION_TOP,
  positions?: PositionSlices,
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
  const all = [...byToken.values(), ...(positions ? positionEntries(positions) : [])];
  const sorted = all.sort((a, b) => new D(b.value).comparedTo(new D(a.value)));
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
