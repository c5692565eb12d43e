import type { NormalizedTransfer } from "@pulsemanager/core";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** Separators of the one text the read returns: none of the columns (hex, digits, a kind letter) holds them. */
const FIELD = ",";
const ROW = ";";

/**
 * The stored transfers into one address within a time window, in chain order: the only rows a payout
 * can be among (the ROI tracker used to read the address's whole history, both directions, and filter
 * it in memory). Only the columns the valuation uses, joined by the database into one text: tens of
 * thousands of rows as rows cost several times as much to receive and map (measured on PGlite).
 */
export async function incomingTransfers(
  db: Db,
  chainId: number,
  address: string,
  window: { after: number; upTo: number },
): Promise<NormalizedTransfer[]> {
  const wallet = address.toLowerCase();
  const answer = await db.execute<{ rows: string | null }>(sql`
    select string_agg(concat_ws(${FIELD}, tx_hash, kind, log_index, block_number, timestamp, from_address, token, amount),
                      ${ROW} order by block_number, log_index) as rows
    from transfers
    where chain_id = ${chainId} and to_address = ${wallet}
      and timestamp > ${window.after} and timestamp <= ${window.upTo}`);
  const text = answer.rows[0]?.rows;
  if (!text) return [];
  return text.split(ROW).map((row) => {
    const [txHash, kind, logIndex, blockNumber, timestamp, from, token, amount] = row.split(FIELD) as string[];
    return {
      chainId,
      txHash: txHash as string,
      logIndex: Number(logIndex),
      blockNumber: Number(blockNumber),
      timestamp: Number(timestamp),
      from: from as `0x${string}`,
      to: wallet as `0x${string}`,
      token: token as `0x${string}` | "native",
      amount: amount as string,
      fee: "0",
      methodId: null,
      internal: kind === "i",
    };
  });
}
