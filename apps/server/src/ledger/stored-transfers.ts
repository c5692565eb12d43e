import type { NormalizedTransfer } from "@pulsemanager/core";
import type { Db } from "../db/client.ts";

/** A stored method id is a hex selector; this marks none (the row arrives as one comma-separated text). */
const NO_METHOD = "-";

/**
 * The stored transfers of the wallets on the chains before `before` (unix seconds), read in one
 * query and put in the order the engine reads them (see `engineOrder`). Each row arrives as one text
 * (every column is hex, a number or a word: no comma inside one), which the database and the driver
 * hand over faster than twelve columns; the same on PGlite and PostgreSQL.
 */
export async function readWalletTransfers(
  db: Db,
  wallets: readonly string[],
  chains: readonly number[],
  before: number,
): Promise<NormalizedTransfer[]> {
  if (wallets.length === 0 || chains.length === 0) return [];
  const { rows } = await db.$client.query<[string]>({
    text: `select concat_ws(',', chain_id, tx_hash, log_index, block_number, timestamp, from_address, to_address, token,
        amount, fee, coalesce(method_id, '${NO_METHOD}'), kind)
      from transfers
      where chain_id = any($2::int[]) and (from_address = any($1::text[]) or to_address = any($1::text[]))
        and timestamp < $3`,
    values: [wallets, chains, before],
    rowMode: "array",
  });
  const out = new Array<NormalizedTransfer>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const f = (rows[i] as [string])[0].split(",");
    out[i] = {
      chainId: Number(f[0]),
      txHash: f[1] as string,
      logIndex: Number(f[2]),
      blockNumber: Number(f[3]),
      timestamp: Number(f[4]),
      from: f[5] as `0x${string}`,
      to: f[6] as `0x${string}`,
      token: f[7] as `0x${string}` | "native",
      amount: f[8] as string,
      fee: f[9] as string,
      methodId: f[10] === NO_METHOD ? null : (f[10] as string),
      internal: f[11] === "i",
    };
  }
  return out.sort(engineOrder(wallets));
}

/**
 * By time, chain and block; within a block the records of the first wallet (in `wallets`' order)
 * that sent or received them first, each wallet's in log order. That is the order of reading each
 * wallet's history on each chain and merging them by time (a move between two own wallets is one
 * row, read once). Rows come mostly in this order already, which the sort is quick on.
 */
function engineOrder(wallets: readonly string[]): (a: NormalizedTransfer, b: NormalizedTransfer) => number {
  const position = new Map(wallets.map((w, i) => [w, i]));
  const first = (t: NormalizedTransfer) =>
    Math.min(position.get(t.from) ?? wallets.length, position.get(t.to) ?? wallets.length);
  return (a, b) =>
    a.timestamp - b.timestamp ||
    a.chainId - b.chainId ||
    a.blockNumber - b.blockNumber ||
    first(a) - first(b) ||
    a.logIndex - b.logIndex ||
    (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : 0) ||
    Number(a.internal) - Number(b.internal) ||
    (a.token === "native" ? 1 : 0) - (b.token === "native" ? 1 : 0);
}
