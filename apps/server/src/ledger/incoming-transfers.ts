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
  return parseRows(text, chainId, wallet as `0x${string}`);
}

/**
 * The rows of the text, read field by field along it (no array per row: splitting 50,000 rows cost
 * several times as much, most of it in the garbage collector).
 */
function parseRows(text: string, chainId: number, to: `0x${string}`): NormalizedTransfer[] {
  const out: NormalizedTransfer[] = [];
  let at = 0;
  const field = (separator: string): string => {
    const found = text.indexOf(separator, at);
    const end = found < 0 ? text.length : found;
    const value = text.slice(at, end);
    at = end + 1;
    return value;
  };
  while (at <= text.length) {
    const txHash = field(FIELD);
    const kind = field(FIELD);
    const logIndex = Number(field(FIELD));
    const blockNumber = Number(field(FIELD));
    const timestamp = Number(field(FIELD));
    const from = field(FIELD) as `0x${string}`;
    const token = field(FIELD) as `0x${string}` | "native";
    const amount = field(ROW);
    out.push({
      chainId,
      txHash,
      logIndex,
      blockNumber,
      timestamp,
      from,
      to,
      token,
      amount,
      fee: "0",
      methodId: null,
      internal: kind === "i",
    });
  }
  return out;
}
