/**
 * The report table's search: a token (symbol), a transaction hash or an address (wallet, from, to,
 * token contract), case-insensitive, by part. One linear pass per query: 200,000 rows take a few
 * milliseconds, so no index is kept.
 */
import type { ReportTransaction } from "@pulsemanager/core";

type SearchRow = Pick<
  ReportTransaction,
  "coin_name" | "hash" | "wallet" | "from_address" | "to_address" | "token_address"
>;

/** A test of row indexes for the query; null when the query is empty (everything matches). */
export function searchMatcher(rows: readonly SearchRow[], query: string): ((rowIndex: number) => boolean) | null {
  const q = query.trim().toLowerCase();
  if (q === "") return null;
  return (i) => {
    const r = rows[i];
    if (!r) return false;
    return (
      r.coin_name.toLowerCase().includes(q) ||
      r.hash.toLowerCase().includes(q) ||
      r.wallet.toLowerCase().includes(q) ||
      r.from_address.toLowerCase().includes(q) ||
      r.to_address.toLowerCase().includes(q) ||
      r.token_address.toLowerCase().includes(q)
    );
  };
}
