import { type Mover, type MoversResponse, type TokenHolding, tokenKey } from "@pulsemanager/core";

/**
 * The market's movers among the tokens the user holds (the portfolio carries no 24 h change of its
 * own): a mover counts when the user holds the same (chainId, contract), never by symbol.
 */
export function heldMovers(
  movers: Pick<MoversResponse, "gainers" | "losers">,
  holdings: readonly Pick<TokenHolding, "chainId" | "contractAddress">[],
): { gainers: Mover[]; losers: Mover[] } {
  const held = new Set(holdings.map((h) => tokenKey(h.chainId, h.contractAddress)));
  const isHeld = (m: Mover) => held.has(tokenKey(m.chainId, m.address));
  return { gainers: movers.gainers.filter(isHeld), losers: movers.losers.filter(isHeld) };
}
