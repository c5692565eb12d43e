/**
 * Unpriced airdrops grouped per token (by chain and contract address): one line per token with how
 * many arrived and when, instead of thousands of rows in the table.
 */
import { isUnpricedAirdrop, type ReportTransaction, reportTokenKey } from "@pulsemanager/core";

export interface AirdropGroup {
  key: string;
  symbol: string;
  chainId: number | null;
  tokenAddress: string;
  /** Row indexes, in report order (oldest first). */
  rows: number[];
  firstDate: string;
  lastDate: string;
}

/** The groups, the tokens with the most airdrops first. */
export function airdropGroups(rows: readonly ReportTransaction[], flags?: (i: number) => boolean): AirdropGroup[] {
  const groups = new Map<string, AirdropGroup>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ReportTransaction;
    if (flags ? !flags(i) : !isUnpricedAirdrop(row)) continue;
    const key = reportTokenKey(row);
    const group = groups.get(key);
    if (group) {
      group.rows.push(i);
      group.lastDate = row.date;
    } else
      groups.set(key, {
        key,
        symbol: row.coin_name,
        chainId: row.chainId,
        tokenAddress: row.token_address,
        rows: [i],
        firstDate: row.date,
        lastDate: row.date,
      });
  }
  return [...groups.values()].sort((a, b) => b.rows.length - a.rows.length || a.symbol.localeCompare(b.symbol));
}
