import {
  decodeStakeEnd,
  decodeStakeStart,
  STAKE_END_TOPIC,
  STAKE_START_TOPIC,
  type StakeEvent,
  stakeReturn,
} from "@pulsemanager/core";
import { and, asc, eq } from "drizzle-orm";
import { type Log, type PublicClient, pad, toHex } from "viem";
import type { Db } from "../../db/client.ts";
import { hexStakeEvents } from "../../db/schema.ts";
import type { HexStakeContract } from "../contracts/position-contracts.ts";
import { readInRanges } from "../rpc/block-ranges.ts";
import { readSyncMark, type SyncMarkKey, writeSyncMark } from "./sync-mark.ts";

/** The sync mark's source name (sync_state): one per chain and wallet. */
const SOURCE = "hex-stakes";
/** Stake events are rare: large ranges first, halved where a node refuses them. */
const FIRST_RANGE = 500_000;

type StakeRow = typeof hexStakeEvents.$inferInsert;

/** One StakeStart / StakeEnd log of the wallet as a row; null for another event. */
function stakeRow(chainId: number, stakes: HexStakeContract, log: Log): StakeRow | null {
  const words = (log.data ?? "0x").slice(2).match(/.{64}/g) ?? [];
  const word = (i: number) => BigInt(`0x${words[i] ?? "0"}`);
  const base = {
    chainId,
    txHash: (log.transactionHash as string).toLowerCase(),
    logIndex: Number(log.logIndex),
    blockNumber: Number(log.blockNumber),
    wallet: `0x${(log.topics[1] ?? "").slice(-40)}`.toLowerCase(),
    stakeId: BigInt(log.topics[2] ?? "0x0").toString(),
    token: stakes.token,
  };
  if (log.topics[0] === STAKE_START_TOPIC)
    return { ...base, phase: "start", principal: decodeStakeStart(word(0)).stakedHearts.toString(), returned: "0" };
  if (log.topics[0] !== STAKE_END_TOPIC) return null;
  const end = decodeStakeEnd(word(0), word(1));
  return { ...base, phase: "end", principal: end.stakedHearts.toString(), returned: stakeReturn(end).toString() };
}

/** Stores the events of [.., toBlock] and moves the mark to toBlock, in one transaction. */
async function storeRange(db: Db, key: SyncMarkKey, rows: StakeRow[], toBlock: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(hexStakeEvents).values(rows).onConflictDoNothing();
    await writeSyncMark(tx, key, { syncedToBlock: toBlock });
  });
}

/**
 * Incremental: reads the stake contract's StakeStart / StakeEnd events of the wallet from the block
 * after the last read up to the chain's head (not only as far as the history's mark, which explorers
 * keep some hundred blocks behind the newest record: a stake ended just before would be missed),
 * storing each range with the mark as it goes, so a first read of years of blocks resumes where it
 * stopped. A node failure throws (the caller names the chain as incomplete).
 */
export async function syncStakeEvents(
  db: Db,
  client: PublicClient,
  chainId: number,
  stakes: HexStakeContract,
  address: string,
): Promise<number> {
  const wallet = address.toLowerCase();
  const key = { chainId, address: wallet, source: SOURCE };
  const state = await readSyncMark(db, key);
  const head = Number(await client.getBlockNumber());
  const fromBlock = Math.max(state ? state.syncedToBlock + 1 : 0, stakes.firstBlock);
  if (fromBlock > head) return 0;
  let found = 0;
  const topics = [[STAKE_START_TOPIC, STAKE_END_TOPIC], pad(wallet as `0x${string}`, { size: 32 })];
  await readInRanges(fromBlock, head, FIRST_RANGE, async (start, end) => {
    const logs = (await client.request({
      method: "eth_getLogs",
      params: [{ address: stakes.contract, fromBlock: toHex(start), toBlock: toHex(end), topics: topics as never }],
    })) as unknown as Log[];
    const rows = logs.map((log) => stakeRow(chainId, stakes, log)).filter((r): r is StakeRow => r !== null);
    await storeRange(db, key, rows, end);
    found += rows.length;
  });
  return found;
}

/** The stored stake events of a wallet, for the tax report. */
export async function storedStakeEvents(db: Db, chainId: number, address: string): Promise<StakeEvent[]> {
  const rows = await db
    .select()
    .from(hexStakeEvents)
    .where(and(eq(hexStakeEvents.chainId, chainId), eq(hexStakeEvents.wallet, address.toLowerCase())))
    // Chain order: two stakes of one transaction pair with its records the same way every time.
    .orderBy(asc(hexStakeEvents.blockNumber), asc(hexStakeEvents.logIndex));
  return rows.map((r) => ({
    chainId: r.chainId,
    txHash: r.txHash,
    wallet: r.wallet,
    stakeId: r.stakeId,
    phase: r.phase as StakeEvent["phase"],
    token: r.token,
    principal: BigInt(r.principal),
    returned: BigInt(r.returned),
  }));
}
