/**
 * `npm run bench -- sync`: a wallet's first history sync at the explorer's real pace. A local fake Blockscout
 * (apps/server/test/providers/fake-blockscout.ts, answering in the recorded real formats) holds one wallet with
 * 100,000 token transfers, 20,000 normal and 5,000 internal transactions over three years; it answers each
 * request after 2 s and allows 5 requests per second (above that: HTTP 429 with Retry-After). The server's own
 * sync path (createChainServices' history source + syncHistory, as the report job calls it) stores the history
 * into an embedded PGlite database; measured is the time to a complete stored history (the stored count is
 * checked against the wallet), once with the `/api` source and once with `/api/v2`, and the requests and 429s
 * the explorer saw. Then a second sync of the same wallet: the requests it needs (only the newest blocks).
 *
 * Baseline in the same run: the explorer's floor, `minMs` = the fewest requests the source's page limits need
 * (`/api`: 10,000 rows a request; `/api/v2`: 50 items a page) at 5 per second plus one latency.
 *
 * `/api/v2` reads keyset pages of 50, one after another per list (the next page's key comes with the answer), so
 * the whole wallet takes 2,000 pages × 2 s for the token transfers alone (over an hour). By default it is measured
 * on a stated fraction of the wallet (`--v2-fraction=0.02`, the same three years, 2 % of the records) and `v2Ms`
 * is extrapolated linearly in pages (the walk is latency-bound: pages × latency); `--v2-fraction=1` measures it all.
 * `--scale=0.1` shrinks the whole wallet for a quick look (figures then are not the issue's).
 */

import { chainConfigFrom } from "../apps/server/src/chain/chain-config.ts";
import { createChainServices } from "../apps/server/src/chain/services.ts";
import { storedTransfers, syncHistory } from "../apps/server/src/chain/sync/history-sync.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { createDb } from "../apps/server/src/db/client.ts";
import { startEmbeddedDatabase } from "../apps/server/src/db/engine.ts";
import { applyMigrations } from "../apps/server/src/db/migrate.ts";
import { createLogger } from "../apps/server/src/logger.ts";
import { startFakeBlockscout, syntheticWallet } from "../apps/server/test/providers/fake-blockscout.ts";

const LATENCY_MS = 2000;
const RATE = 5;
const arg = (name: string, fallback: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split("=")[1]) : fallback;
};
const scale = arg("scale", 1);
const v2Fraction = arg("v2-fraction", 0.02);
const FULL = { tokenTransfers: 100_000, transactions: 20_000, internals: 5_000 };
const countsAt = (f: number) => ({
  tokenTransfers: Math.round(FULL.tokenTransfers * f),
  transactions: Math.round(FULL.transactions * f),
  internals: Math.round(FULL.internals * f),
});

interface Run {
  source: "api" | "v2";
  records: number;
  stored: number;
  ms: number;
  cpuMs: number;
  requests: number;
  rateLimited: number;
  minMs: number;
  secondSyncRequests: number;
  secondSyncAdded: number;
  partial: boolean;
}

function floorMs(source: "api" | "v2", c: ReturnType<typeof countsAt>): number {
  const per = source === "api" ? 10_000 : 50;
  const requests = [c.tokenTransfers, c.transactions, c.internals].reduce(
    (s, n) => s + Math.max(1, Math.ceil(n / per)),
    0,
  );
  return Math.round((requests / RATE) * 1000 + LATENCY_MS);
}

async function runOnce(source: "api" | "v2", fraction: number): Promise<Run> {
  const counts = countsAt(fraction);
  const w = syntheticWallet(counts);
  const fake = await startFakeBlockscout(w, { latencyMs: LATENCY_MS, ratePerSecond: RATE });
  const database = await startEmbeddedDatabase("memory");
  try {
    await applyMigrations(database.pool, database.engine);
    const db = createDb(database.pool);
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PULSECHAIN_HISTORY_SOURCE: source === "api" ? "blockscout" : "blockscout-v2",
      PULSECHAIN_BLOCKSCOUT_URL: `${fake.url}/api`,
      ETHEREUM_BLOCKSCOUT_URL: `${fake.url}/api`,
      PULSECHAIN_RPC_URL: "http://127.0.0.1:9",
      ETHEREUM_RPC_URL: "http://127.0.0.1:9",
      DEFILLAMA_URL: "off",
      ECB_URL: "off",
    });
    const chain = createChainServices(chainConfigFrom(config), db, createLogger("silent"));
    const history = chain.history.get(369);
    if (!history) throw new Error("no PulseChain history source");
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const outcome = await syncHistory(db, history, 369, w.wallet);
    const ms = Math.round(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    const stored = (await storedTransfers(db, 369, w.wallet)).length;
    const requests = fake.stats.requests;
    const rateLimited = fake.stats.rateLimited;
    console.error(
      `${source}: ${stored}/${w.tokenTransfers.length + w.transactions.length + w.internals.length} stored in ${ms} ms ` +
        `(CPU ${cpuMs} ms, the fake explorer's included), ` +
        `${requests} requests (${JSON.stringify(fake.stats.byList)}), ${rateLimited} answered 429` +
        (outcome.problems.length ? `; problems: ${outcome.problems.slice(0, 3).join(" | ")}` : ""),
    );
    fake.reset();
    const second = await syncHistory(db, history, 369, w.wallet);
    await chain.close();
    return {
      source,
      records: w.tokenTransfers.length + w.transactions.length + w.internals.length,
      stored,
      ms,
      cpuMs,
      requests,
      rateLimited,
      minMs: floorMs(source, counts),
      secondSyncRequests: fake.stats.requests,
      secondSyncAdded: second.added,
      partial: outcome.partial,
    };
  } finally {
    await database.close();
    await fake.close();
  }
}

const api = await runOnce("api", scale);
const v2 = await runOnce("v2", scale * v2Fraction);
const factor = 1 / v2Fraction;
const v2Extrapolated = Math.round(v2.ms * factor);
const complete = (r: Run) => r.stored === r.records && !r.partial;
console.error(
  `api: ${api.ms} ms (floor ${api.minMs} ms); v2 on ${v2Fraction * 100} % of the wallet: ${v2.ms} ms ` +
    `(floor ${v2.minMs} ms at ${RATE}/s if its pages could be read in parallel), ×${factor} = ${v2Extrapolated} ms; ` +
    `second sync: api ${api.secondSyncRequests} requests (${api.secondSyncAdded} added), v2 ${v2.secondSyncRequests} requests`,
);
console.log(
  JSON.stringify({
    bench: "sync",
    apiMs: api.ms,
    v2Ms: v2Extrapolated,
    apiRequests: api.requests,
    v2Requests: Math.round(v2.requests * factor),
    rateLimited: api.rateLimited + Math.round(v2.rateLimited * factor),
    apiCpuMs: api.cpuMs,
    apiFloorMs: api.minMs,
    v2FloorMs: floorMs("v2", countsAt(scale)),
    v2Measured: { fraction: v2Fraction, ms: v2.ms, requests: v2.requests, rateLimited: v2.rateLimited },
    apiSecondSyncRequests: api.secondSyncRequests,
    v2SecondSyncRequests: v2.secondSyncRequests,
    complete: complete(api) && complete(v2),
    scale,
  }),
);
process.exit(0);
