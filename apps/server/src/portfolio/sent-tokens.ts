import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transfers } from "../db/schema.ts";

/** "wallet:token" (both lower-case), the key of sentTokens' answer. */
export const sentKey = (wallet: string, token: string) => `${wallet}:${token}`;

/**
 * Which of the wallets' tokens the wallets ever sent, by their stored history (empty while it was
 * never read): a token a wallet sold, swapped or moved is one the user dealt with.
 */
export async function sentTokens(
  db: Db,
  chainId: number,
  held: readonly { wallet: string; address: string }[],
): Promise<Set<string>> {
  if (held.length === 0) return new Set();
  const wallets = [...new Set(held.map((h) => h.wallet))];
  const tokens = [...new Set(held.map((h) => h.address))];
  const rows = await db
    .selectDistinct({ wallet: transfers.fromAddress, token: transfers.token })
    .from(transfers)
    .where(
      and(eq(transfers.chainId, chainId), inArray(transfers.fromAddress, wallets), inArray(transfers.token, tokens)),
    );
  return new Set(rows.map((r) => sentKey(r.wallet, r.token)));
}
