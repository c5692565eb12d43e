import type { NormalizedTransfer } from "@pulsemanager/core";
import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transfers } from "../db/schema.ts";

/**
 * The stored transfers into one address within a time window, in chain order: the only rows a payout
 * can be among (the ROI tracker used to read the address's whole history, both directions, and filter
 * it in memory). Only the columns the valuation uses are read.
 */
export async function incomingTransfers(
  db: Db,
  chainId: number,
  address: string,
  window: { after: number; upTo: number },
): Promise<NormalizedTransfer[]> {
  const wallet = address.toLowerCase();
  const rows = await db
    .select({
      txHash: transfers.txHash,
      kind: transfers.kind,
      logIndex: transfers.logIndex,
      blockNumber: transfers.blockNumber,
      timestamp: transfers.timestamp,
      from: transfers.fromAddress,
      token: transfers.token,
      amount: transfers.amount,
    })
    .from(transfers)
    .where(
      and(
        eq(transfers.chainId, chainId),
        eq(transfers.toAddress, wallet),
        gt(transfers.timestamp, window.after),
        lte(transfers.timestamp, window.upTo),
      ),
    )
    .orderBy(asc(transfers.blockNumber), asc(transfers.logIndex));
  return rows.map((r) => ({
    chainId,
    txHash: r.txHash,
    logIndex: r.logIndex,
    blockNumber: r.blockNumber,
    timestamp: r.timestamp,
    from: r.from as `0x${string}`,
    to: wallet as `0x${string}`,
    token: r.token as `0x${string}` | "native",
    amount: r.amount,
    fee: "0",
    methodId: null,
    internal: r.kind === "i",
  }));
}
