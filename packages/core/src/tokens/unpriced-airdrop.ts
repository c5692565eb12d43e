/**
 * What the rule needs to know of a holding: whether any price was found for it, and whether the
 * wallet ever sent any of it (sold, swapped or moved it; from its stored history).
 */
export interface AirdropFacts {
  price: string | null;
  everSent: boolean;
}

/**
 * An unpriced airdrop that was never sold (docs/product/wallets-and-portfolio.md): no price from any
 * source and never sent by the wallet. The portfolio hides these by default (thousands of spam
 * tokens otherwise bury the real holdings); a token the wallet ever sent is kept visible, because
 * the user dealt with it. A history not read yet counts as never sent: such a token is only hidden,
 * never dropped, and one click shows it. (A tax report row has its own rule, tax/unpriced-airdrop.ts:
 * an incoming transfer without a price.)
 */
export function isUnpricedUnsoldAirdrop(facts: AirdropFacts): boolean {
  return facts.price === null && !facts.everSent;
}
