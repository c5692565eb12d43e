/**
 * npm run bench -- tax
 * The German tax engine (classifyTransfers + computeTaxReport of @pulsemanager/core) on 200,000 and
 * 1,000,000 synthetic normalised transfers over 10 wallets and 500 tokens (bench/tax-synthetic.mts).
 * The 1M run happens in a child process so that its peak memory (maxRSS) is the engine's and its
 * input's alone. Target: 1M transfers in under 2.5 s and under 1 GB (1024 MB) on 2 cores.
 * Its floor, measured in the same run in a child process of its own: a bare per-wallet FIFO with the
 * one-year split over the same 1M records (bench/tax-fifo-baseline.mts: no classification, pricing,
 * rows or text), engine1MFifoOnlyMs.
 * The last line is one JSON object: engine200kMs, engine1MMs, engine1MPeakMB are the full report (every
 * year's rows with their lots); engine1MYear* the report of one tax year (what the wallet report asks
 * for), engine1MFigures* without rows (figures, holdings, lists); engine1MCpuMs is the CPU time of the
 * full 1M run; engine1MFifoOnlyMs the bare FIFO's.
 * job200kMs is the server's whole report job for 200,000 stored transfers (bench/tax-job.mts:
 * pg-boss, history sync against a rate-limited explorer, reading, prices, rates, engine, gzip, store),
 * with the engine alone on the same transfers beside it (job200kEngineOnlyMs) as its baseline, its CPU
 * time (job200kCpuMs) and milliseconds per phase (job200kPhases).
 * `npm run bench -- tax --job-only` runs the job part alone (a minute instead of several).
 * One engine run alone (the full bench takes minutes): `node --expose-gc --import tsx bench/tax.bench.mts
 * --child 1000000 [fused|two-step|year|figures|fifo]` prints one JSON line (engineMs, cpuMs, peakMB, ...).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { classifyTransfers, computeTaxReport, taxReportFromTransfers } from "../packages/core/src/index.ts";
import { fifoEvents, runFifo } from "./tax-fifo-baseline.mts";
import type { JobBenchResult } from "./tax-job.mts";
import { syntheticTransfers } from "./tax-synthetic.mts";

/**
 * fused: all years' rows; year: the report for the last year only (what the wallet report asks for);
 * figures: no rows (figures, holdings, missing and unknown lists).
 */
type Mode = "fused" | "two-step" | "year" | "figures" | "fifo";

interface RunResult {
  transfers: number;
  events: number;
  rows: number;
  openLots: number;
  classifyMs: number;
  reportMs: number;
  engineMs: number;
  /** CPU time of the process during the run (all threads, GC helpers included). */
  cpuMs: number;
  rssBeforeMB: number;
  peakMB: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * One engine run over n synthetic transfers. "fused": taxReportFromTransfers (classification streams
 * into the engine, what the report job uses); "two-step": classifyTransfers, then computeTaxReport.
 */
export function runEngine(n: number, mode: Mode = "fused"): RunResult {
  const h = syntheticTransfers({ transfers: n, wallets: 10, tokens: 500 });
  if (mode === "fifo") return runFifoOnly(h.transfers, h.wallets);
  const own = h.wallets.map((address) => ({ chainId: 369, address }));
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let events = -1;
  let t1 = t0;
  let report: ReturnType<typeof computeTaxReport>;
  if (mode === "two-step") {
    const ev = classifyTransfers(h.transfers, own, { knownDistributors: [h.distributor] });
    events = ev.length;
    t1 = performance.now();
    report = computeTaxReport(ev, h.prices, { assets: h.assets });
  } else {
    report = taxReportFromTransfers(h.transfers, own, h.prices, {
      knownDistributors: [h.distributor],
      assets: h.assets,
      year: mode === "year" ? 2024 : undefined,
      rows: mode !== "figures",
    });
  }
  const t2 = performance.now();
  const cpu = process.cpuUsage(c0);
  return {
    transfers: h.transfers.length,
    events,
    rows: report.transactions.length,
    openLots: report.holdings.length,
    classifyMs: Math.round(t1 - t0),
    reportMs: Math.round(t2 - t1),
    engineMs: Math.round(t2 - t0),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssBeforeMB: mb(rssBefore),
    // maxRSS is in kilobytes.
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

/** The bare FIFO baseline over the same records (bench/tax-fifo-baseline.mts); the events are made before the clock starts. */
function runFifoOnly(transfers: Parameters<typeof fifoEvents>[0], wallets: string[]): RunResult {
  const events = fifoEvents(transfers, wallets);
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = runFifo(events);
  const ms = Math.round(performance.now() - t0);
  const cpu = process.cpuUsage(c0);
  return {
    transfers: transfers.length,
    events: r.events,
    rows: 0,
    openLots: 0,
    classifyMs: 0,
    reportMs: ms,
    engineMs: ms,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssBeforeMB: mb(rssBefore),
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

/** The report job for 200,000 stored transfers in a child process (bench/tax-job.mts), with its line printed. */
function jobLine(): JobBenchResult {
  const job = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      fileURLToPath(new URL("./tax-job.mts", import.meta.url)),
      "--child-job",
      "200000",
    ],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, env: process.env },
  );
  if (job.status !== 0) throw new Error(`job bench failed: ${job.stderr}`);
  const j = JSON.parse(job.stdout.trim().split("\n").at(-1) ?? "") as JobBenchResult;
  console.log(
    `job, 200k stored transfers, all 10 wallets, 2024 (child process): ${j.rows.toLocaleString("en")} rows, result ${j.resultMB} MB gzip, ` +
      `${j.jobMs} ms from queueing to the stored result, ${j.jobCpuMs} ms CPU (engine alone on the same transfers: ${j.engineOnlyMs} ms), peak ${j.peakMB} MB`,
  );
  return j;
}

const childArg = process.argv.indexOf("--child");
if (childArg >= 0) {
  const r = runEngine(Number(process.argv[childArg + 1]), (process.argv[childArg + 2] ?? "fused") as Mode);
  console.log(JSON.stringify(r));
} else if (process.argv.includes("--job-only")) {
  const j = jobLine();
  console.log(
    JSON.stringify({
      bench: "tax",
      job200kMs: j.jobMs,
      job200kEngineOnlyMs: j.engineOnlyMs,
      job200kCpuMs: j.jobCpuMs,
      job200kPhases: j.phases,
    }),
  );
} else {
  const self = fileURLToPath(import.meta.url);
  const child = (n: number, mode: Mode = "fused"): RunResult => {
    const p = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", self, "--child", String(n), mode], {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    if (p.status !== 0) throw new Error(`bench child failed: ${p.stderr}`);
    const last = p.stdout.trim().split("\n").at(-1) ?? "";
    return JSON.parse(last) as RunResult;
  };
  const line = (label: string, r: RunResult) =>
    console.log(
      `${label}: ${r.transfers.toLocaleString("en")} transfers -> ${r.rows.toLocaleString("en")} report rows, ${r.openLots.toLocaleString("en")} open lots: ` +
        `engine ${r.engineMs} ms wall, ${r.cpuMs} ms CPU${r.events >= 0 ? ` (classify ${r.classifyMs} ms + report ${r.reportMs} ms)` : ""}, RSS before ${r.rssBeforeMB} MB, peak ${r.peakMB} MB`,
    );
  const r200 = child(200_000);
  line("200k fused (child process)", r200);
  line("200k two-step (child process)", child(200_000, "two-step"));
  const r1m = child(1_000_000);
  line("1M fused (child process)", r1m);
  const r1mFifo = child(1_000_000, "fifo");
  console.log(
    `1M, bare per-wallet FIFO with the one-year split (child process, the floor): ${r1mFifo.events.toLocaleString("en")} FIFO events: ` +
      `${r1mFifo.engineMs} ms wall, ${r1mFifo.cpuMs} ms CPU (the engine: ${(r1m.engineMs / Math.max(1, r1mFifo.engineMs)).toFixed(1)}x)`,
  );
  line("1M two-step (child process)", child(1_000_000, "two-step"));
  const r1mYear = child(1_000_000, "year");
  line("1M, report of 2024 only (child process)", r1mYear);
  const r1mFigures = child(1_000_000, "figures");
  line("1M, figures without rows (child process)", r1mFigures);
  const j = jobLine();
  const ok = r1m.engineMs < 2500 && r1m.peakMB < 1024;
  console.log(`target 1M < 2500 ms and < 1024 MB: ${ok ? "met" : "NOT met"}`);
  console.log(
    JSON.stringify({
      bench: "tax",
      engine200kMs: r200.engineMs,
      engine1MMs: r1m.engineMs,
      engine1MPeakMB: r1m.peakMB,
      engine1MFifoOnlyMs: r1mFifo.engineMs,
      job200kMs: j.jobMs,
      job200kEngineOnlyMs: j.engineOnlyMs,
      job200kCpuMs: j.jobCpuMs,
      job200kPhases: j.phases,
      // CPU time of the full 1M run (GC helper threads included): wall time near it means the second
      // core was busy elsewhere, and the wall time is then not the engine's alone.
      engine1MCpuMs: r1m.cpuMs,
      engine1MYearMs: r1mYear.engineMs,
      engine1MYearPeakMB: r1mYear.peakMB,
      engine1MFiguresMs: r1mFigures.engineMs,
      engine1MFiguresPeakMB: r1mFigures.peakMB,
    }),
  );
}
