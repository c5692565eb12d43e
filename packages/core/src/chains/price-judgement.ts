import { D, type Dec } from "./amounts.ts";
import type { PriceQuote } from "./price.ts";

/**
 * k of the liquidity rule: a holding worth more than k times the liquidity on the token's side of its
 * deepest pool cannot be sold at that price (selling it would empty the pool), whatever the source
 * of the price (a pool's reserves or a price provider).
 */
export const MAX_POOL_SIDE_MULTIPLE = "1";

/** Whether a holding's price can be trusted, and why not (for the one-click explanation). */
export interface PriceJudgement {
  reliable: boolean;
  note: string | null;
}

/**
 * The price a token is ranked with where no holding is weighed (the movers among a user's tokens): a
 * trusted quote's; a fallback or a provider's doubtful price moves nothing.
 */
export function trustedPriceOf(quote: PriceQuote | undefined): Dec | undefined {
  return quote?.reliable ? new D(quote.usd) : undefined;
}

/**
 * The one rule for a price a holding is valued at (docs/product/wallets-and-portfolio.md): no quote,
 * an unreliable source, or a value beyond the pool's liquidity on the token's side is flagged and not
 * counted in the total. `liquidityUsd` is the pool's both sides (2 x the quote side, which in a
 * constant-product pool equals the token's side in value).
 */
export function judgeHoldingPrice(quote: PriceQuote | undefined, balance: Dec): PriceJudgement {
  if (!quote) return { reliable: false, note: "no price found for this contract address" };
  if (!quote.reliable) return { reliable: false, note: quote.note ?? `${quote.source} price is not reliable` };
  if (quote.liquidityUsd) {
    const value = balance.mul(quote.usd);
    const tokenSide = new D(quote.liquidityUsd).div(2);
    if (value.gt(tokenSide.mul(MAX_POOL_SIDE_MULTIPLE))) {
      return {
        reliable: false,
        note: `holding worth ${value.toFixed(2)} USD is more than the ${tokenSide.toFixed(2)} USD of this token in its deepest pool (liquidity ${quote.liquidityUsd} USD): the price cannot be realised`,
      };
    }
  }
  return { reliable: true, note: quote.note ?? null };
}
