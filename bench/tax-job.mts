/**
 * The whole report job for 200,000 stored transfers (part of `npm run bench -- tax`): the app on its
 * embedded PGlite database (on disk in a temporary directory, as `npm start` keeps it), 10 saved
 * wallets with the synthetic history (bench/tax-synthetic.mts) in the transfers table (PulseChain
 * blocks after the fork), its daily USD prices in price_history and ECB rates in fx_rates and each wallet's sync marks, written by a read to the explorer's newest data just
 * before (a second report shortly after a sync or report), explorers and nodes answering "nothing new". The explorer is then not asked again
 * (RECENT_SYNC_MS in history-sync.ts; the report names the time of the read it used); with older marks
 * it would be the explorer's pace: 3 lists per wallet and chain plus one head per chain, at Blockscout's
 * 5 requests per second (~6 s for 10 wallets), no CPU. Measured: from queueing the job (pg-boss) to the completed row with the gzip result stored —
 * history sync, reading the transfers, prices, rates, the engine, serialising and storing; the bench
 * wakes on the report's change signal (as the page does), so it adds no reads of its own while the job
 * runs. Baseline in the same run: the engine alone on the same transfers with in-memory prices; the job
 * must find the same number of rows. `phases` gives each phase's milliseconds as the job logs them;
 * BENCH_JOB_CPU_PROF=file.cpuprofile writes a CPU profile of the job alone; BENCH_JOB_RESULT=file.json
 * the stored result's JSON as the result route reads it (to compare two versions of the job).
 * BENCH_DATABASE_URL=postgres://... runs the same job on a new database of that PostgreSQL server
 * (dropped afterwards) instead of the embedded one: there the database works in its own processes.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { createApp } from "../apps/server/src/app.ts";
import { transferRow } from "../apps/server/src/chain/sync/history-sync.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { createDb } from "../apps/server/src/db/client.ts";
import { connectPostgres, startEmbeddedDatabase } from "../apps/server/src/db/engine.ts";
import {
  fxRates,
  priceHistory,
  syncState,
  tokenMetadata,
  transfers as transfersTable,
  user,
  wallets,
} from "../apps/server/src/db/schema.ts";
import { createLogger } from "../apps/server/src/logger.ts";
import { startFake } from "../apps/server/test/providers/fake-http.ts";
import { createPostgresDatabase } from "../apps/server/test/support/test-database.ts";
import { D, PULSECHAIN_FORK, taxReportFromTransfers } from "../packages/core/src/index.ts";
import { syntheticTransfers } from "./tax-synthetic.mts";

const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const USD_PER_EUR = "1.1";
const YEAR = 2024;

export interface JobBenchResult {
  transfers: number;
  rows: number;
  resultMB: number;
  jobMs: number;
  engineOnlyMs: number;
  /** CPU time of the process (all its threads: zlib, GC, the embedded database) during the job; steadier than wall time on a busy machine. */
  jobCpuMs: number;
  engineOnlyCpuMs: number;
  peakMB: number;
  /** Milliseconds per phase of the job, as its log lines name them (sync, read, prices, fx, engine, gzip, store). */
  phases: Record<string, number>;
}

/** The app's log at info, keeping the job's phase timings (other lines go to stderr with BENCH_LOG set). */
function phaseLogger(phases: Record<string, number>) {
  return createLogger("info", {
    write(line: string) {
      const o = JSON.parse(line) as Record<string, unknown>;
      if (o.msg === "tax report built" || o.msg === "tax report stored") {
        for (const [k, v] of Object.entries(o)) if (k.endsWith("Ms") && typeof v === "number") phases[k] = v;
      } else if (process.env.BENCH_LOG) process.stderr.write(line);
    },
  });
}

/**
 * A node that has nothing new: its head is block 1, so the stake and bridge event syncs read no range
 * (as when their marks are at the head). Answers JSON-RPC batches as viem sends them.
 */
async function startIdleNode(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const answer = (r: { id: number; method: string }) => ({
        jsonrpc: "2.0",
        id: r.id,
        ...(r.method === "eth_blockNumber"
          ? { result: "0x1" }
          : r.method === "eth_chainId"
            ? { result: "0x171" }
            : { result: [] }),
      });
      const parsed = JSON.parse(body || "{}");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cpuMs = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);

/** A CPU profile of the job alone (BENCH_JOB_CPU_PROF=file.cpuprofile; `--cpu-prof` would include the setup). */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => (await session.post("Profiler.stop")).profile;
}

export async function runJobBench(n = 200_000): Promise<JobBenchResult> {
  const synthetic = syntheticTransfers({ transfers: n, wallets: 10, tokens: 500 });
  // PulseChain's own blocks (after the fork): records at or below the fork block would be Ethereum's
  // history seen through the copy, which the report leaves to chain 1.
  const h = {
    ...synthetic,
    transfers: synthetic.transfers.map((t) => ({ ...t, blockNumber: t.blockNumber + PULSECHAIN_FORK.block })),
  };
  const node = await startIdleNode();
  // On disk, as `npm start` keeps it (DATA_DIR). PGlite's in-memory mode held the whole database in
  // the JS heap and grew its files by copying them: the same job took ~1.3 s longer there.
  const dataDir = mkdtempSync(path.join(tmpdir(), "pulsemanager-bench-"));
  const phases: Record<string, number> = {};
  const explorer = await startFake((req) =>
    req.query.get("action") === "eth_block_number"
      ? { json: { jsonrpc: "2.0", id: 1, result: "0x1" } }
      : { json: { status: "0", message: "No transactions found", result: [] } },
  );
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.BENCH_LOG ?? "silent",
    PULSECHAIN_HISTORY_SOURCE: "blockscout",
    ETHEREUM_HISTORY_SOURCE: "blockscout",
    PULSECHAIN_BLOCKSCOUT_URL: `${explorer.url}/api`,
    ETHEREUM_BLOCKSCOUT_URL: `${explorer.url}/api`,
    PULSECHAIN_RPC_URL: node.url,
    ETHEREUM_RPC_URL: node.url,
    DEFILLAMA_URL: "off",
    ECB_URL: "off",
    REWARD_DISTRIBUTORS: `369:${h.distributor}`,
  });
  const postgres = process.env.BENCH_DATABASE_URL
    ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL, "pm_bench")
    : undefined;
  const running = await createApp({
    config,
    logger: phaseLogger(phases),
    database: postgres ? await connectPostgres(postgres.url) : await startEmbeddedDatabase(dataDir),
    webDist: false,
    authSecret: "bench-secret-bench-secret-bench-secret-0123",
  });
  try {
    const db = createDb(running.database.pool);
    const userId = randomUUID();
    const now = new Date();
    await db.insert(user).values({
      id: userId,
      name: "bench",
      email: "bench@example.de",
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(wallets).values(
      h.wallets.map((address, i) => ({
        id: randomUUID(),
        userId,
        address,
        chainId: 369,
        nickname: `W${i}`,
        walletType: "manual",
      })),
    );
    // The stored history, as the sync leaves it.
    const rows = h.transfers.map((t) => transferRow(t, "blockscout"));
    for (let i = 0; i < rows.length; i += 2000) await db.insert(transfersTable).values(rows.slice(i, i + 2000));
    // Each wallet's marks on both chains, as a sync that read to the explorer's newest data just before
    // left them: the job's report takes that read (RECENT_SYNC_MS) and names its time.
    const top = h.transfers.reduce((m, t) => Math.max(m, t.blockNumber), 0);
    await db.insert(syncState).values(
      h.wallets.flatMap((address) =>
        [369, 1].map((chainId) => ({
          chainId,
          address,
          source: "blockscout-api",
          syncedToBlock: top,
          readToHeadAt: new Date(),
        })),
      ),
    );
    // Token facts, as the first sync left them.
    await db
      .insert(tokenMetadata)
      .values(
        h.tokens.map((address, i) => ({ chainId: 369, address, symbol: `T${i}`, name: `Token ${i}`, decimals: 18 })),
      );
    // Daily USD prices of every token on every day it moved (native under WPLS, as the price service keeps it).
    const prices = new Map<
      string,
      {
        chainId: number;
        token: string;
        granularity: string;
        at: number;
        usd: string;
        source: string;
        reliable: boolean;
      }
    >();
    const days = new Set<string>();
    for (const t of h.transfers) {
      const at = Math.floor(t.timestamp / 86_400) * 86_400;
      days.add(new Date(at * 1000).toISOString().slice(0, 10));
      for (const token of [t.token, "native"]) {
        const series = token === "native" ? WPLS : token;
        const key = `${series}:${at}`;
        if (prices.has(key)) continue;
        const eur = h.prices(`369:${token}`, at);
        if (!eur) continue;
        prices.set(key, {
          chainId: 369,
          token: series,
          granularity: "day",
          at,
          usd: new D(eur.eur).mul(USD_PER_EUR).toFixed(18),
          source: "defillama",
          reliable: true,
        });
      }
    }
    const priceRows = [...prices.values()];
    for (let i = 0; i < priceRows.length; i += 2000) await db.insert(priceHistory).values(priceRows.slice(i, i + 2000));
    const first = new Date(Date.UTC(2022, 11, 1));
    const fx: { day: string; usdPerEur: string }[] = [];
    for (let d = first; d.getUTCFullYear() <= YEAR; d = new Date(d.getTime() + 86_400_000))
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6)
        fx.push({ day: d.toISOString().slice(0, 10), usdPerEur: USD_PER_EUR });
    await db.insert(fxRates).values(fx);

    // A PostgreSQL server has analysed its tables by the time a user asks for a report (autovacuum);
    // just after this bulk insert it has not. PGlite has no autovacuum: the embedded database runs as is.
    if (postgres) await running.database.pool.query("analyze");
    console.error(`setup: ${h.transfers.length} transfers, ${priceRows.length} prices stored`);
    // The job.
    const { store, queue, events } = running.reports;
    global.gc?.();
    const profile = process.env.BENCH_JOB_CPU_PROF ? await startProfile() : undefined;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const report = await store.create({ userId, scope: "all", address: null, year: YEAR });
    // Woken by the report's change signal (as the page's live progress is), read once the job ends:
    // polling would queue reads on the embedded database's one connection between the job's own.
    let signalled: () => void = () => undefined;
    const unsubscribe = events.subscribe(report.id, () => signalled());
    await queue.enqueue(report.id);
    let job = await store.get(report.id);
    while (job && job.status !== "completed" && job.status !== "failed") {
      await new Promise<void>((r) => {
        signalled = r;
        setTimeout(r, 1000);
      });
      job = await store.get(report.id);
    }
    unsubscribe();
    const jobMs = Math.round(performance.now() - t0);
    const jobCpuMs = cpuMs(process.cpuUsage(c0));
    if (profile) writeFileSync(process.env.BENCH_JOB_CPU_PROF as string, JSON.stringify(await profile()));
    if (job?.status !== "completed") throw new Error(`job ${job?.status}: ${job?.error}`);
    if (process.env.BENCH_JOB_RESULT)
      writeFileSync(process.env.BENCH_JOB_RESULT, gunzipSync((await store.result(report.id, userId)) as Buffer));

    // Baseline: the engine alone on the same transfers, prices in memory.
    const ec0 = process.cpuUsage();
    const e0 = performance.now();
    const engineReport = taxReportFromTransfers(
      h.transfers,
      h.wallets.map((address) => ({ chainId: 369, address })),
      h.prices,
      { knownDistributors: [h.distributor], assets: h.assets, year: YEAR },
    );
    const engineOnlyMs = Math.round(performance.now() - e0);
    const engineOnlyCpuMs = cpuMs(process.cpuUsage(ec0));
    // The job must have done the same work as the baseline, or the comparison says nothing.
    if (engineReport.summary.total !== (job.summary as { total: number }).total)
      throw new Error(
        `job found ${(job.summary as { total: number }).total} rows, the engine alone ${engineReport.summary.total}`,
      );
    return {
      transfers: h.transfers.length,
      rows: (job.summary as { total: number }).total,
      resultMB: Math.round(((job.resultBytes ?? 0) / 1024 / 1024) * 10) / 10,
      jobMs,
      engineOnlyMs,
      jobCpuMs,
      engineOnlyCpuMs,
      peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
      phases,
    };
  } finally {
    await running.close();
    await postgres?.drop();
    await explorer.close();
    await node.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--child-job")) {
  const r = await runJobBench(Number(process.argv[process.argv.indexOf("--child-job") + 1] ?? 200_000));
  console.log(JSON.stringify(r));
  process.exit(0);
}
