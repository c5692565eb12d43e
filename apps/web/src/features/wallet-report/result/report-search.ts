/**
 * The report table's search: a token (symbol), a transaction hash or an address (wallet, from, to,
 * token contract), case-insensitive, by part. One linear pass per query (in the report's worker for a
 * loaded report): 200,000 rows take a few milliseconds, so no index is kept.
 */
import type { ReportTransaction } from "@pulsemanager/core";

type SearchRow = Pick<
  ReportTransaction,
  "coin_name" | "hash" | "wallet" | "from_address" | "to_address" | "token_address"
>;

function matches(r: SearchRow, q: string): boolean {
  return (
    r.coin_name.toLowerCase().includes(q) ||
    r.hash.toLowerCase().includes(q) ||
    r.wallet.toLowerCase().includes(q) ||
    r.from_address.toLowerCase().includes(q) ||
    r.to_address.toLowerCase().includes(q) ||
    r.token_address.toLowerCase().includes(q)
  );
}

/** 1 for each row that matches the query; null when the query is empty (everything matches). */
export function searchMask(rows: readonly SearchRow[], query: string): Uint8Array | null {
  const q = query.trim().toLowerCase();
  if (q === "") return null;
  const mask = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) if (matches(rows[i] as SearchRow, q)) mask[i] = 1;
  return mask;
}
