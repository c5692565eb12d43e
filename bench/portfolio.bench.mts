/**
 * npm run bench -- portfolio
 * 5 wallets x 2 chains x 300 tokens on the devchain, 50 ms of latency in front of
 * each node: cold refresh time and upstream requests, warm (cached) latency, and
 * requests per second on the cached endpoint with wrk over loopback.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { startTestServer } from "../apps/server/test/support/test-server.ts";
import { startDevchain } from "../tools/devchain/src/index.ts";
import { LatencyProxy } from "./support/latency-proxy.ts";

const LATENCY_MS = 50;
// The server runs in this process: wrk must run beside it, not block it.
const run = promisify(execFile);
async function wrk(args: string[]): Promise<string> {
  return (await run("wrk", args, { encoding: "utf8" })).stdout;
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}

const devchain = await startDevchain({ chains: [369, 1] });
const proxies = {
  369: new LatencyProxy(devchain.chain(369).rpcUrl, LATENCY_MS),
  1: new LatencyProxy(devchain.chain(1).rpcUrl, LATENCY_MS),
};
await Promise.all(Object.values(proxies).map((p) => p.start()));
const json = devchain.toJSON();
for (const id of ["369", "1"] as const) {
  const c = json.chains[id];
  if (c) c.rpcUrl = proxies[Number(id) as 369 | 1].url;
}
const file = path.join(mkdtempSync(path.join(tmpdir(), "pm-bench-")), "devchain.json");
writeFileSync(file, JSON.stringify(json));
const server = await startTestServer({ env: { DEVCHAIN_FILE: file, LOG_LEVEL: "silent" } });

let out: Record<string, number | string> = {};
try {
  const me = await confirmedUser(server, "bench@example.de", "BenchPass1");
  for (const [i, address] of devchain.chain(369).wallets.users.entries()) {
    await me.post("/api/wallet-management", { address, nickname: `W${i + 1}` });
  }
  // Cold: nothing cached, token metadata not yet stored.
  for (const p of Object.values(proxies)) p.reset();
  let t0 = performance.now();
  const cold = await me.get("/api/portfolio");
  const coldMs = performance.now() - t0;
  const upstreamRequests = proxies[369].requests + proxies[1].requests;
  if (cold.status !== 200 || cold.json.fromCache) throw new Error("cold load failed");
  console.log(
    `cold: ${coldMs.toFixed(0)} ms, ${upstreamRequests} upstream HTTP requests (${proxies[369].requests} PulseChain, ${proxies[1].requests} Ethereum), ` +
      `${cold.json.tokenCount} holdings, total ${cold.json.totalValue} USD, server load ${cold.json.debug.loadMs} ms`,
  );

  // Warm: the cached result, full body each time (no revalidation).
  const warm: number[] = [];
  for (let i = 0; i < 200; i++) {
    t0 = performance.now();
    const r = await me.get("/api/portfolio");
    warm.push(performance.now() - t0);
    if (!r.json.fromCache) throw new Error("expected a cached answer");
  }
  const warmP50Ms = percentile(warm, 50);
  console.log(
    `warm: p50 ${warmP50Ms.toFixed(1)} ms, p95 ${percentile(warm, 95).toFixed(1)} ms over 200 requests (full ${JSON.stringify(cold.json).length} byte body)`,
  );

  // Cached endpoint under load: what a browser does on revisit (conditional request, gzip).
  // The session cookie cache (better-auth) comes with the first session read.
  await me.get("/api/me");
  const head = await me.get("/api/portfolio");
  const cookie = (me as unknown as { cookies: Map<string, string> }).cookies;
  const cookieHeader = [...cookie].map(([k, v]) => `${k}=${v}`).join("; ");
  const baseline = await wrk(["-t2", "-c32", "-d5s", `${server.baseUrl}/api/config`]);
  console.log(
    `baseline /api/config (no session, tiny body): ${/Requests\/sec:\s+([\d.]+)/.exec(baseline)?.[1]} requests/s`,
  );
  const meRps = await wrk([
    "-t2",
    "-c32",
    "-d5s",
    "-H",
    `Cookie: ${cookieHeader}`,
    `${server.baseUrl}/api/wallet-management`,
  ]);
  console.log(
    `session + one query (/api/wallet-management): ${/Requests\/sec:\s+([\d.]+)/.exec(meRps)?.[1]} requests/s`,
  );
  const etag = head.headers.get("etag") as string;
  const conditional = await wrk([
    "-t2",
    "-c32",
    "-d10s",
    "-H",
    `Cookie: ${cookieHeader}`,
    "-H",
    `If-None-Match: ${etag}`,
    "-H",
    "Accept-Encoding: gzip",
    `${server.baseUrl}/api/portfolio`,
  ]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(conditional)?.[1] ?? "0");
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(conditional)?.[1] ?? "0");
  console.log(
    `cached endpoint (wrk -t2 -c32 -d10s, revalidating with If-None-Match): ${rps.toFixed(0)} requests/s, ${non2xx} non-2xx/3xx`,
  );
  const full = await wrk([
    "-t2",
    "-c32",
    "-d10s",
    "-H",
    `Cookie: ${cookieHeader}`,
    "-H",
    "Accept-Encoding: gzip",
    `${server.baseUrl}/api/portfolio`,
  ]);
  const rpsFull = Number(/Requests\/sec:\s+([\d.]+)/.exec(full)?.[1] ?? "0");
  console.log(`cached endpoint, full gzip body every time: ${rpsFull.toFixed(0)} requests/s`);
  if (non2xx > 0) throw new Error("errors under load");
  out = {
    bench: "portfolio",
    coldMs: Math.round(coldMs),
    upstreamRequests,
    warmP50Ms: Math.round(warmP50Ms * 10) / 10,
    cachedRps: Math.round(rps),
  };
} finally {
  await server.close();
  await Promise.all(Object.values(proxies).map((p) => p.stop()));
  await devchain.stop();
}
console.log(JSON.stringify(out));
