import type { ReportTransaction } from "./types.ts";

/**
 * A token that arrived from outside with no price (an airdrop, mostly worthless promotion tokens): no
 * cost, no income, nothing to tax until it is sold. Reports hold thousands of them; the page groups
 * them per token and can hide them.
 */
export function isUnpricedAirdrop(row: Pick<ReportTransaction, "kind" | "wertEUR">): boolean {
  return row.kind === "unknown-in" && row.wertEUR === null;
}

/** The token a row is about, by chain and contract address ("369:0x…"; manual entries: ":" + symbol). */
export function reportTokenKey(row: Pick<ReportTransaction, "chainId" | "token_address" | "coin_name">): string {
  return row.chainId === null ? `:${row.coin_name}` : `${row.chainId}:${row.token_address.toLowerCase()}`;
}
