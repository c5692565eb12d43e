import type { ArrivalKey } from "@pulsemanager/core";
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transfers } from "../db/schema.ts";
import { activeWallets } from "../wallets/wallet-store.ts";
import { arrivalId } from "./declaration-store.ts";

/**
 * The arrivals that are not the user's to declare: the wallet is not one of theirs, or their stored
 * history has no such transfer (chain, transaction, token, in or out of that wallet). Both answer the
 * same, so nobody learns whether a transaction of someone else exists.
 */
export async function foreignArrivals(db: Db, userId: string, arrivals: readonly ArrivalKey[]): Promise<ArrivalKey[]> {
  const own = new Set((await activeWallets(db, userId)).map((w) => w.address.toLowerCase()));
  const mine = arrivals.filter((a) => own.has(a.wallet));
  const byChain = new Map<number, Set<string>>();
  for (const a of mine) byChain.set(a.chainId, (byChain.get(a.chainId) ?? new Set()).add(a.txHash));
  const seen = new Set<string>();
  if (byChain.size > 0) {
    const rows = await db
      .select({
        chainId: transfers.chainId,
        txHash: transfers.txHash,
        token: transfers.token,
        from: transfers.fromAddress,
        to: transfers.toAddress,
      })
      .from(transfers)
      .where(
        or(
          ...[...byChain].map(([chainId, hashes]) =>
            and(eq(transfers.chainId, chainId), inArray(transfers.txHash, [...hashes])),
          ),
        ),
      );
    for (const r of rows)
      for (const wallet of [r.from.toLowerCase(), r.to.toLowerCase()])
        seen.add(
          arrivalId({ chainId: r.chainId, txHash: r.txHash.toLowerCase(), token: r.token.toLowerCase(), wallet }),
        );
  }
  return arrivals.filter((a) => !seen.has(arrivalId(a)) || !own.has(a.wallet));
}
