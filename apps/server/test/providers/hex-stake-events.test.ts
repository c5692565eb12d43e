/**
 * HEX's StakeStart / StakeEnd events as a node answers eth_getLogs (the real layout: every value packed
 * into data words, staker and stake id in the topics), read into the stake events the tax report pairs
 * with the records: in ranges the node accepts, incrementally, never twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRpcClient } from "../../src/chain/rpc/chain-clients.ts";
import { storedStakeEvents, syncStakeEvents } from "../../src/chain/sync/stake-event-sync.ts";
import type { Db } from "../../src/db/client.ts";
import { UpstreamClient } from "../../src/upstream/upstream-client.ts";
import { type MigratedDb, openMigratedDb } from "../support/migrated-db.ts";
import { example, loadProviderFile } from "./fake-http.ts";

const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const WALLET = "0xba1393da1eeb9c43fe560273e3ad3202ae21fff2";
/** A wallet of the same node whose topic filter differs: its first sync breaks off part way. */
const OTHER = "0x00000000000000000000000000000000000000b1";
const START = "0x14872dc760f33532684e68e1b6d5fd3f71ba7b07dee76bdb2b084f28b74233ef";
const END = "0x72d9c5a7ab13846e08d9c838f9e866a1bb4a66a2fd3ba3c9e7da3cf9e394dfd7";
const file = loadProviderFile("hex-contract.json");
const logsKey = (topic: string) =>
  `eth_getLogs {"address":"${HEX}","topics":["${topic}","0x000000000000000000000000${WALLET.slice(2)}"],"fromBlock":"0x0","toBlock":"latest"}`;
const recorded = [...example(file, logsKey(START)).result, ...example(file, logsKey(END)).result];

let database: MigratedDb | undefined;
let db: Db;
beforeAll(async () => {
  database = await openMigratedDb();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

/**
 * A node at block `head` that refuses log ranges over 250,000 blocks, answers the recorded logs inside
 * the range asked, and fails (a server error) for ranges starting at `failFrom` and later.
 */
function node(head: number, failFrom = Number.POSITIVE_INFINITY) {
  const ranges: [number, number][] = [];
  const fetch = async (_input: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "null"));
    const answers = (Array.isArray(body) ? body : [body]).map((r) => {
      if (r.method === "eth_blockNumber") return { jsonrpc: "2.0", id: r.id, result: `0x${head.toString(16)}` };
      const [filter] = r.params;
      const [from, to] = [Number(filter.fromBlock), Number(filter.toBlock)];
      ranges.push([from, to]);
      if (to - from + 1 > 250_000)
        return { jsonrpc: "2.0", id: r.id, error: { code: -32005, message: "query exceeds max block range 250000" } };
      if (from >= failFrom) return { jsonrpc: "2.0", id: r.id, error: { code: -32603, message: "internal error" } };
      expect(filter.address).toBe(HEX);
      expect(filter.topics[0]).toEqual([START, END]);
      const recordedWallet = filter.topics[1] === `0x000000000000000000000000${WALLET.slice(2)}`;
      const inRange = recorded.filter((l) => Number(l.blockNumber) >= from && Number(l.blockNumber) <= to);
      const result = recordedWallet ? inRange : [];
      return { jsonrpc: "2.0", id: r.id, result };
    });
    return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), {
      headers: { "content-type": "application/json" },
    });
  };
  const client = createRpcClient(
    { chainId: 369, rpcUrl: "http://node.test" },
    new UpstreamClient({ fetch, policies: { "rpc-369": { ratePerSecond: Number.POSITIVE_INFINITY, retries: 0 } } }),
  );
  return { client, ranges };
}

const stakes = { contract: HEX, token: HEX, firstBlock: 9_000_000 } as const;

const END_BLOCK = Number(recorded[1]?.blockNumber);

describe("HEX stake events from eth_getLogs", () => {
  it("a node failure keeps the ranges already read; the next sync goes on from there", async () => {
    const broken = node(END_BLOCK + 10, 12_000_000);
    await expect(syncStakeEvents(db, broken.client, 369, stakes, OTHER)).rejects.toThrow();
    const next = node(END_BLOCK + 10);
    await syncStakeEvents(db, next.client, 369, stakes, OTHER);
    // 9,000,000 to 11,999,999 were read and kept: the next sync starts where the node failed.
    expect(next.ranges[0]?.[0]).toBe(12_000_000);
  });

  it("decodes the recorded start and end up to the chain's head; halves refused ranges; starts at HEX's launch", async () => {
    const head = END_BLOCK + 10;
    const { client, ranges } = node(head);
    expect(await syncStakeEvents(db, client, 369, stakes, WALLET)).toBe(2);
    expect(ranges[0]?.[0]).toBe(9_000_000);
    expect(ranges.some(([a, b]) => b - a + 1 > 250_000)).toBe(true);
    expect(ranges.at(-2)?.[1] ?? 0).toBeLessThan(head);
    expect(Math.max(...ranges.slice(1).map(([a, b]) => b - a + 1))).toBeLessThanOrEqual(250_000);
    expect(ranges.at(-1)?.[1]).toBe(head);
    const events = await storedStakeEvents(db, 369, WALLET);
    expect(events).toEqual([
      {
        chainId: 369,
        txHash: recorded[0].transactionHash,
        wallet: WALLET,
        stakeId: String(0xc6539),
        phase: "start",
        token: HEX,
        // 1,000,000 HEX (the data word's bits 40-111), staked for 5,555 days.
        principal: 100_000_000_000_000n,
        returned: 0n,
      },
      expect.objectContaining({ txHash: recorded[1].transactionHash, stakeId: String(0xaae61), phase: "end" }),
    ]);
    // The end: staked Hearts plus the payout (bits 184-255), no penalty (data1's low 72 bits are 0).
    const end = events[1];
    const word = BigInt(`0x${(recorded[1].data as string).slice(2, 66)}`);
    const staked = (word >> 40n) & ((1n << 72n) - 1n);
    expect(end?.principal).toBe(staked);
    expect(end?.returned).toBe(staked + (word >> 184n));
    expect(end?.returned).toBeGreaterThan(end?.principal as bigint);
  });

  it("reads on from where it stopped and stores nothing twice", async () => {
    const head = END_BLOCK + 10;
    const same = node(head);
    expect(await syncStakeEvents(db, same.client, 369, stakes, WALLET)).toBe(0);
    expect(same.ranges).toEqual([]);
    const later = node(head + 5);
    expect(await syncStakeEvents(db, later.client, 369, stakes, WALLET)).toBe(0);
    expect(later.ranges).toEqual([[head + 1, head + 5]]);
    expect(await storedStakeEvents(db, 369, WALLET)).toHaveLength(2);
  });
});
