import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockscoutEtherscanSource } from "../../src/chain/explorers/blockscout-etherscan.ts";
import { planRanges, type SyncProgress, storedTransfers, syncHistory } from "../../src/chain/sync/history-sync.ts";
import { readSyncMark } from "../../src/chain/sync/sync-mark.ts";
import type { Db } from "../../src/db/client.ts";
import { RateLimiter } from "../../src/upstream/limits.ts";
import { UpstreamClient } from "../../src/upstream/upstream-client.ts";
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

const COUNTS = { tokenTransfers: 3000, transactions: 600, internals: 150 };
const TOTAL = 3750;

function source(baseUrl: string, upstream = testUpstream().upstream) {
  return new BlockscoutEtherscanSource({
    upstream,
    instances: { 369: { baseUrl: `${baseUrl}/api`, provider: "blockscout-pulsechain" } },
    pageSize: 1000,
    sleep: noSleep,
  });
}

describe("a wallet's first history sync at the explorer's pace", () => {
  it("reads three years in parallel block ranges, stores every record once and reports loaded of about expected", async () => {
    const w = syntheticWallet(COUNTS);
    const fake = await startFakeBlockscout(w);
    const progress: SyncProgress[] = [];
    try {
      const s = source(fake.url, testUpstream({ timeoutMs: 10_000 }).upstream);
      const outcome = await syncHistory(db, s, 369, w.wallet, { onProgress: (p) => void progress.push(p) });
      expect(outcome.partial).toBe(false);
      expect(await storedTransfers(db, 369, w.wallet)).toHaveLength(TOTAL);
      const starts = new Set(
        fake.requests.filter((r) => r.query.get("action") === "txlist").map((r) => r.query.get("startblock")),
      );
      expect(starts.size).toBe(planRanges(w.firstBlock, w.head).length);
      expect(starts.size).toBeGreaterThan(1);
      // The explorer's counters (transactions + token transfers) are the first estimate; loaded only grows.
      expect(progress[0]?.expected).toBeGreaterThanOrEqual(3600);
      expect(progress.map((p) => p.loaded)).toEqual([...progress.map((p) => p.loaded)].sort((a, b) => a - b));
      expect(progress.at(-1)).toMatchObject({ loaded: TOTAL, expected: TOTAL });
    } finally {
      await fake.close();
    }
  });

  it("an interrupted sync continues from its mark; the next sync asks only for blocks after it", async () => {
    const w = syntheticWallet(COUNTS, { wallet: "0x1111111111111111111111111111111111111111", salt: 1 });
    // Ranges over the span the wallet was active in, from its oldest record to the explorer's head.
    const first = Math.min(...[w.tokenTransfers, w.transactions, w.internals].map((l) => l[0]?.block ?? Infinity));
    const ranges = planRanges(first, w.head);
    const cut = ranges[5]?.from as number;
    const inner = await startFakeBlockscout(w);
    let broken = true;
    // The explorer fails every request from the sixth range on (after the client's retries).
    const fake = await startFake(async (req: FakeRequest): Promise<FakeReply> => {
      if (broken && Number(req.query.get("startblock") ?? -1) >= cut)
        return { status: 500, json: { message: "Something went wrong." } };
      const res = await fetch(`${inner.url}${req.url}`);
      return { status: res.status, json: await res.json() };
    });
    const s = source(fake.url, testUpstream({ retries: 0, timeoutMs: 10_000 }).upstream);
    try {
      const first = await syncHistory(db, s, 369, w.wallet);
      expect(first.partial).toBe(true);
      expect(first.toBlock).toBe(cut - 1);
      expect((await readSyncMark(db, { chainId: 369, address: w.wallet, source: s.name }))?.syncedToBlock).toBe(
        cut - 1,
      );

      broken = false;
      fake.requests.length = 0;
      await syncHistory(db, s, 369, w.wallet);
      const lists = fake.requests.filter((r) => r.query.has("startblock"));
      expect(lists.length).toBeGreaterThan(0);
      for (const r of lists) expect(Number(r.query.get("startblock"))).toBeGreaterThanOrEqual(cut);
      expect(await storedTransfers(db, 369, w.wallet)).toHaveLength(TOTAL);

      const mark = (await readSyncMark(db, { chainId: 369, address: w.wallet, source: s.name }))
        ?.syncedToBlock as number;
      fake.requests.length = 0;
      const again = await syncHistory(db, s, 369, w.wallet);
      expect(again.added).toBe(0);
      for (const r of fake.requests.filter((q) => q.query.has("startblock")))
        expect(Number(r.query.get("startblock"))).toBe(mark + 1);
    } finally {
      await fake.close();
      await inner.close();
    }
  });

  it("a 429 with Retry-After holds the explorer's requests that long, then asks the same range again (never halved)", async () => {
    const w = syntheticWallet(
      { tokenTransfers: 50, transactions: 10, internals: 5 },
      { wallet: "0x2222222222222222222222222222222222222222", salt: 2 },
    );
    const inner = await startFakeBlockscout(w);
    let refused = false;
    const fake = await startFake(async (req: FakeRequest): Promise<FakeReply> => {
      // The first read of a block range (not the one-row look for the oldest record) is refused.
      if (!refused && req.query.get("action") === "tokentx" && req.query.get("offset") !== "1") {
        refused = true;
        return {
          status: 429,
          headers: { "retry-after": "3" },
          json: { message: "Too Many Requests", result: null, status: "0" },
        };
      }
      const res = await fetch(`${inner.url}${req.url}`);
      return { status: res.status, json: await res.json() };
    });
    const waits: number[] = [];
    const upstream = new UpstreamClient({
      policies: {
        "blockscout-pulsechain": {
          timeoutMs: 10_000,
          retries: 2,
          backoffMs: 5,
          ratePerSecond: Number.POSITIVE_INFINITY,
        },
      },
      sleep: async (ms) => void waits.push(ms),
    });
    try {
      const outcome = await syncHistory(db, source(fake.url, upstream), 369, w.wallet);
      expect(outcome.partial).toBe(false);
      expect(await storedTransfers(db, 369, w.wallet)).toHaveLength(65);
      const isRangeRead = (r: FakeRequest) => r.query.get("action") === "tokentx" && r.query.get("offset") !== "1";
      const first = fake.requests.find(isRangeRead);
      const tokentx = fake.requests.filter(
        (r) => isRangeRead(r) && r.query.get("startblock") === first?.query.get("startblock"),
      );
      expect(tokentx).toHaveLength(2);
      for (const key of ["startblock", "endblock", "offset", "page"])
        expect(tokentx[1]?.query.get(key)).toBe(tokentx[0]?.query.get(key));
      expect(waits.filter((ms) => ms >= 2900).length).toBeGreaterThan(0);
    } finally {
      await fake.close();
      await inner.close();
    }
  });

  it("a hold stops every taker of the rate limiter until it ends, then spaces them at the rate without a burst", async () => {
    let now = 0;
    const waits: number[] = [];
    const limiter = new RateLimiter(
      5,
      5,
      () => now,
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
    );
    await limiter.take();
    limiter.hold(1000);
    await limiter.take();
    await limiter.take();
    expect(now).toBe(1200);
    expect(waits).toEqual([1000, 200]);
  });
});
