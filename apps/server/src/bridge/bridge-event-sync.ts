/**
 * The official bridge's events for the tax report: each wallet's deposits (TokensBridgingInitiated,
 * the wallet as sender, or its own transactions to the native router) and payouts (TokensBridged, the
 * wallet as recipient), then for each of them the counterpart with the same message id on the other
 * chain, whoever it names. `storedBridgeMoves` pairs them (core's pairBridgeMoves).
 */
import {
  type BridgeEventRecord,
  type BridgeMoves,
  decodeBridgeLog,
  isNativeRouter,
  type OmnibridgeContracts,
  otherBridgeChain,
  pairBridgeMoves,
  TOKENS_BRIDGED_TOPIC,
  TOKENS_BRIDGING_INITIATED_TOPIC,
} from "@pulsemanager/core";
import { and, eq, inArray, or } from "drizzle-orm";
import { type Log, type PublicClient, pad, toHex } from "viem";
import { readInRanges } from "../chain/rpc/block-ranges.ts";
import { readSyncMark, writeSyncMark } from "../chain/sync/sync-mark.ts";
import type { Db } from "../db/client.ts";
import { bridgeEvents, transfers } from "../db/schema.ts";

/** The sync mark's source name (sync_state): one per chain and wallet. */
const SOURCE = "bridge";
/** Bridge events are rare: large ranges first, halved where a node refuses them. */
const FIRST_RANGE = 500_000;

type Row = typeof bridgeEvents.$inferInsert;
type Hex = `0x${string}`;

/** What the sync needs of the chain services. */
export interface BridgeChains {
  clients: ReadonlyMap<number, PublicClient>;
  bridges: ReadonlyMap<number, OmnibridgeContracts>;
}

export interface OwnWallet {
  chainId: number;
  address: string;
}

/** The mediator's events among `logs` as rows, with each block's time and each transaction's sender. */
async function rowsOf(client: PublicClient, bridge: OmnibridgeContracts, logs: readonly Log[]): Promise<Row[]> {
  const times = new Map<string, number>();
  const senders = new Map<string, string>();
  const rows: Row[] = [];
  for (const log of logs) {
    const decoded = log.address.toLowerCase() === bridge.mediator ? decodeBridgeLog(log) : null;
    if (!decoded || log.blockNumber === null || log.transactionHash === null) continue;
    const block = BigInt(log.blockNumber);
    const txHash = log.transactionHash.toLowerCase();
    if (!times.has(block.toString()))
      times.set(block.toString(), Number((await client.getBlock({ blockNumber: block })).timestamp));
    if (!senders.has(txHash))
      senders.set(txHash, (await client.getTransaction({ hash: txHash as Hex })).from.toLowerCase());
    rows.push({
      chainId: bridge.chainId,
      txHash,
      logIndex: Number(log.logIndex),
      blockNumber: Number(block),
      timestamp: times.get(block.toString()) as number,
      event: decoded.event,
      token: decoded.token,
      account: decoded.account,
      amount: decoded.amount.toString(),
      messageId: decoded.messageId,
      txFrom: senders.get(txHash) as string,
      viaNativeRouter: decoded.event === "initiated" && isNativeRouter([bridge], bridge.chainId, decoded.account),
    });
  }
  return rows;
}

/** eth_getLogs of the mediator over [fromBlock, head] in ranges the node accepts; `store` gets each range. */
async function readMediatorLogs(
  client: PublicClient,
  bridge: OmnibridgeContracts,
  topics: (Hex | Hex[] | null)[],
  fromBlock: number,
  store: (rows: Row[], toBlock: number) => Promise<void>,
): Promise<void> {
  const head = Number(await client.getBlockNumber());
  await readInRanges(fromBlock, head, FIRST_RANGE, async (start, end) => {
    const logs = (await client.request({
      method: "eth_getLogs",
      params: [
        { address: bridge.mediator as Hex, fromBlock: toHex(start), toBlock: toHex(end), topics: topics as never },
      ],
    })) as unknown as Log[];
    await store(await rowsOf(client, bridge, logs), end);
  });
}

/** The wallet's own deposits and payouts on one chain, from the block after the last read. */
async function syncWalletEvents(db: Db, chains: BridgeChains, wallet: OwnWallet): Promise<void> {
  const bridge = chains.bridges.get(wallet.chainId);
  const client = chains.clients.get(wallet.chainId);
  if (!bridge || !client) return;
  const address = wallet.address.toLowerCase();
  const key = { chainId: wallet.chainId, address, source: SOURCE };
  const mark = await readSyncMark(db, key);
  const fromBlock = Math.max(mark ? mark.syncedToBlock + 1 : 0, bridge.firstBlock);
  const topics = [[TOKENS_BRIDGING_INITIATED_TOPIC, TOKENS_BRIDGED_TOPIC] as Hex[], null, pad(address as Hex)];
  await readMediatorLogs(client, bridge, topics, fromBlock, (rows, toBlock) =>
    db.transaction(async (tx) => {
      if (rows.length > 0) await tx.insert(bridgeEvents).values(rows).onConflictDoNothing();
      await writeSyncMark(tx, key, { syncedToBlock: toBlock });
    }),
  );
  if (bridge.nativeRouter) await syncRouterDeposits(db, client, bridge, address);
}

/**
 * Native coin sent through the router: the deposit event names the router as sender, so the wallet's
 * own transactions to the router (from the synced history) are read one by one.
 */
async function syncRouterDeposits(db: Db, client: PublicClient, bridge: OmnibridgeContracts, address: string) {
  const sent = await db
    .selectDistinct({ txHash: transfers.txHash })
    .from(transfers)
    .where(
      and(
        eq(transfers.chainId, bridge.chainId),
        eq(transfers.fromAddress, address),
        eq(transfers.toAddress, bridge.nativeRouter as string),
        eq(transfers.kind, "n"),
      ),
    );
  if (sent.length === 0) return;
  const hashes = sent.map((s) => s.txHash);
  const known = await db
    .selectDistinct({ txHash: bridgeEvents.txHash })
    .from(bridgeEvents)
    .where(and(eq(bridgeEvents.chainId, bridge.chainId), inArray(bridgeEvents.txHash, hashes)));
  const done = new Set(known.map((k) => k.txHash));
  for (const hash of hashes.filter((h) => !done.has(h))) {
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex });
    const rows = await rowsOf(client, bridge, receipt.logs as unknown as Log[]);
    if (rows.length > 0) await db.insert(bridgeEvents).values(rows).onConflictDoNothing();
  }
}

/** The stored events of the wallets' own moves (either side names one of the addresses). */
async function ownEvents(db: Db, addresses: string[]) {
  if (addresses.length === 0) return [];
  return db
    .select()
    .from(bridgeEvents)
    .where(or(inArray(bridgeEvents.account, addresses), inArray(bridgeEvents.txFrom, addresses)));
}

/** For each own event without its counterpart: the other chain's event with the same message id, if it exists yet. */
async function syncCounterparts(db: Db, chains: BridgeChains, addresses: string[]): Promise<void> {
  const own = await ownEvents(db, addresses);
  const ids = [...new Set(own.map((e) => e.messageId))];
  if (ids.length === 0) return;
  const all = await db.select().from(bridgeEvents).where(inArray(bridgeEvents.messageId, ids));
  for (const id of ids) {
    const sides = all.filter((e) => e.messageId === id);
    if (sides.some((e) => e.event === "initiated") && sides.some((e) => e.event === "bridged")) continue;
    const [side] = sides;
    if (!side) continue;
    const other = otherBridgeChain(side.chainId);
    const bridge = chains.bridges.get(other);
    const client = chains.clients.get(other);
    if (!bridge || !client) continue;
    const topic = side.event === "initiated" ? TOKENS_BRIDGED_TOPIC : TOKENS_BRIDGING_INITIATED_TOPIC;
    await readMediatorLogs(client, bridge, [topic as Hex, null, null, id as Hex], bridge.firstBlock, async (rows) => {
      if (rows.length > 0) await db.insert(bridgeEvents).values(rows).onConflictDoNothing();
    });
  }
}

/**
 * Reads the bridge events of the wallets on every chain with a bridge, up to each chain's head, then
 * the counterparts of those whose other side is not stored yet. Needs the wallets' history synced
 * first (the native router's deposits are found through the wallet's own transactions). A node
 * failure throws (the caller names the chain as incomplete).
 */
export async function syncBridgeEvents(db: Db, chains: BridgeChains, wallets: readonly OwnWallet[]): Promise<void> {
  // All wallets at once (the node's client keeps within its limits and batches what is asked together),
  // each finished before a failure is passed on: nothing is still writing when the caller reads.
  const synced = await Promise.allSettled(wallets.map((wallet) => syncWalletEvents(db, chains, wallet)));
  const failed = synced.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  await syncCounterparts(db, chains, [...new Set(wallets.map((w) => w.address.toLowerCase()))]);
}

function toRecord(r: typeof bridgeEvents.$inferSelect): BridgeEventRecord {
  return {
    chainId: r.chainId,
    txHash: r.txHash,
    logIndex: r.logIndex,
    time: r.timestamp,
    event: r.event as BridgeEventRecord["event"],
    token: r.token,
    account: r.account,
    amount: BigInt(r.amount),
    messageId: r.messageId,
    txFrom: r.txFrom,
    viaNativeRouter: r.viaNativeRouter,
  };
}

/** The wallets' bridge moves and unmatched sides from the stored events (after syncBridgeEvents). */
export async function storedBridgeMoves(db: Db, wallets: readonly OwnWallet[]): Promise<BridgeMoves> {
  const own = await ownEvents(db, [...new Set(wallets.map((w) => w.address.toLowerCase()))]);
  const ids = [...new Set(own.map((e) => e.messageId))];
  const all = ids.length > 0 ? await db.select().from(bridgeEvents).where(inArray(bridgeEvents.messageId, ids)) : [];
  return pairBridgeMoves(all.map(toRecord), wallets);
}
