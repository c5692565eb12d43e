/**
 * A report does not ask the explorer again for a wallet whose history it answered completely shortly
 * before (RECENT_SYNC_MS): the sync reads nothing and says when the reused read was. An older read, a
 * partial one, or a sync without the option reads again.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockscoutEtherscanSource } from "../../src/chain/explorers/blockscout-etherscan.ts";
import { RECENT_SYNC_MS, storedTransfers, syncHistory } from "../../src/chain/sync/history-sync.ts";
import type { Db } from "../../src/db/client.ts";
import { syncState } from "../../src/db/schema.ts";
import { type MigratedDb, openMigratedDb } from "../support/migrated-db.ts";
import { startFakeBlockscout, syntheticWallet } from "./fake-blockscout.ts";
import { noSleep, testUpstream } from "./fake-http.ts";

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

/** Moves the wallet's last read `ms` into the past and sets whether it was partial. */
async function lastReadAgo(wallet: string, ms: number, partial = false) {
  await db
    .update(syncState)
    .set({ updatedAt: sql`now() - ${ms}::int * interval '1 millisecond'`, partial })
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
});
