/**
 * A report does not ask the explorer again for a wallet whose history it answered completely up to its
 * newest data shortly before (RECENT_SYNC_MS): the sync reads nothing and says when the reused read was.
 * An older read, a partial one, a sync still under way (its mark moved by a range in the middle), or a
 * sync without the option reads again.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockscoutEtherscanSource } from "../../src/chain/explorers/blockscout-etherscan.ts";
import { planRanges, RECENT_SYNC_MS, storedTransfers, syncHistory } from "../../src/chain/sync/history-sync.ts";
import { readSyncMark } from "../../src/chain/sync/sync-mark.ts";
import type { Db } from "../../src/db/client.ts";
import { syncState } from "../../src/db/schema.ts";
import { type MigratedDb, openMigratedDb } from "../support/migrated-db.ts";
import { startFakeBlockscout, syntheticWallet } from "./fake-blockscout.ts";
import { type FakeReply, type FakeRequest, noSleep, startFake, testUpstream } from "./fake-http.ts";

let m: MigratedDb;
let db: Db;
beforeAll(async () => {
  m = await openMigratedDb();
  db = m.db;
});
afterAll(async () => m?.close());

const COUNTS = { tokenTransfers: 40, transactions: 10, internals: 5 };

function source(baseUrl: string) {
  return new BlockscoutEtherscanSource({
    upstream: testUpstream({ timeoutMs: 10_000 }).upstream,
    instances: { 369: { baseUrl: `${baseUrl}/api`, provider: "blockscout-pulsechain" } },
    pageSize: 1000,
    sleep: noSleep,
  });
}

/** Moves the wallet's last read to the newest data `ms` into the past and sets whether it was partial. */
async function lastReadAgo(wallet: string, ms: number, partial = false) {
  await db
    .update(syncState)
    .set({ readToHeadAt: sql`now() - ${ms}::int * interval '1 millisecond'`, partial })
    .where(and(eq(syncState.chainId, 369), eq(syncState.address, wallet)));
}

describe("a report's sync shortly after the last read", () => {
  it("reads nothing after a complete read within the window and names that read's time", async () => {
    const w = syntheticWallet(COUNTS, { wallet: "0x2222222222222222222222222222222222222222", salt: 2 });
    const fake = await startFakeBlockscout(w);
    try {
      const s = source(fake.url);
      const first = await syncHistory(db, s, 369, w.wallet);
      expect(first.reusedReadAt).toBeUndefined();
      const stored = (await storedTransfers(db, 369, w.wallet)).length;
      expect(stored).toBeGreaterThan(0);
      await lastReadAgo(w.wallet, 60_000);
      const asked = fake.requests.length;
      const again = await syncHistory(db, s, 369, w.wallet, { reuseWithinMs: RECENT_SYNC_MS });
      expect(fake.requests.length).toBe(asked);
      expect(again).toMatchObject({ added: 0, partial: false, toBlock: first.toBlock, fromBlock: first.toBlock + 1 });
      const ago = Date.now() - (again.reusedReadAt as Date).getTime();
      expect(ago).toBeGreaterThan(50_000);
      expect(ago).toBeLessThan(120_000);
      expect((await storedTransfers(db, 369, w.wallet)).length).toBe(stored);
    } finally {
      await fake.close();
    }
  });

  it("reads again after an older read, after a partial one, and without the option", async () => {
    const w = syntheticWallet(COUNTS, { wallet: "0x3333333333333333333333333333333333333333", salt: 3 });
    const fake = await startFakeBlockscout(w);
    try {
      const s = source(fake.url);
      await syncHistory(db, s, 369, w.wallet);
      const readsAgain = async (o: { reuseWithinMs?: number }) => {
        const asked = fake.requests.length;
        const outcome = await syncHistory(db, s, 369, w.wallet, o);
        expect(outcome.reusedReadAt).toBeUndefined();
        return fake.requests.length > asked;
      };
      await lastReadAgo(w.wallet, RECENT_SYNC_MS + 60_000);
      expect(await readsAgain({ reuseWithinMs: RECENT_SYNC_MS })).toBe(true);
      await lastReadAgo(w.wallet, 1000, true);
      expect(await readsAgain({ reuseWithinMs: RECENT_SYNC_MS })).toBe(true);
      await lastReadAgo(w.wallet, 1000);
      expect(await readsAgain({})).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it("a first sync still under way (its mark moved by the ranges read so far) is not taken as read", async () => {
    const w = syntheticWallet(
      { tokenTransfers: 600, transactions: 100, internals: 20 },
      { wallet: "0x5555555555555555555555555555555555555555", salt: 5 },
    );
    const inner = await startFakeBlockscout(w);
    // The sync's ranges run from the wallet's oldest record to the explorer's head.
    const oldest = Math.min(...[w.tokenTransfers, w.transactions, w.internals].map((l) => l[0]?.block ?? Infinity));
    const ranges = planRanges(oldest, w.head);
    expect(ranges.length).toBeGreaterThan(1);
    const last = (ranges.at(-1) as { from: number }).from;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The explorer holds the lists of the last range until released: the sync stops before its end.
    const fake = await startFake(async (req: FakeRequest): Promise<FakeReply> => {
      if (Number(req.query.get("startblock") ?? -1) >= last) await held;
      const res = await fetch(`${inner.url}${req.url}`);
      return { status: res.status, json: await res.json() };
    });
    const s = source(fake.url);
    const key = { chainId: 369, address: w.wallet, source: s.name };
    try {
      const first = syncHistory(db, s, 369, w.wallet);
      while (!(await readSyncMark(db, key))) await new Promise((r) => setTimeout(r, 20));
      expect((await readSyncMark(db, key))?.readToHeadAt).toBeNull();
      const asked = fake.requests.length;
      const second = syncHistory(db, s, 369, w.wallet, { reuseWithinMs: RECENT_SYNC_MS });
      await new Promise((r) => setTimeout(r, 200));
      release();
      expect((await second).reusedReadAt).toBeUndefined();
      expect(fake.requests.length).toBeGreaterThan(asked);
      await first;
      // Read to the end now: the next report takes it as read.
      expect((await readSyncMark(db, key))?.readToHeadAt).toBeInstanceOf(Date);
      const third = await syncHistory(db, s, 369, w.wallet, { reuseWithinMs: RECENT_SYNC_MS });
      expect(third.reusedReadAt).toBeInstanceOf(Date);
    } finally {
      release();
      await fake.close();
      await inner.close();
    }
  });
});
