/**
 * npm run bench -- portfolio
 * 5 wallets x 2 chains x 300 tokens on the devchain, 50 ms of latency in front of
 * each node: cold refresh time and upstream requests, warm (cached) latency, and
 * requests per second and p99 latency on the cached endpoint under 32 and 50 connections
 * (autocannon in a second process, over loopback).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { startTestServer } from "../apps/server/test/support/test-server.ts";
import { startDevchain } from "../tools/devchain/src/index.ts";
import { LatencyProxy } from "./support/latency-proxy.ts";
import { load } from "./support/load.ts";

const LATENCY_MS = 50;

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
  await me.get("/api/me");
  const head = await me.get("/api/portfolio");
  const session = { Cookie: me.cookieHeader() };
  const baseline = await load(`${server.baseUrl}/api/config`, { connections: 32, seconds: 5 });
  console.log(`baseline /api/config (no session, tiny body): ${baseline.rps} requests/s`);
  const oneQuery = await load(`${server.baseUrl}/api/wallet-management`, {
    connections: 32,
    seconds: 5,
    headers: session,
  });
  console.log(`session + one query (/api/wallet-management): ${oneQuery.rps} requests/s`);
  const etag = head.headers.get("etag") as string;
  const revalidating = { ...session, "If-None-Match": etag, "Accept-Encoding": "gzip" };
  const conditional = await load(`${server.baseUrl}/api/portfolio`, {
    connections: 32,
    seconds: 10,
    headers: revalidating,
  });
  console.log(
    `cached endpoint (32 connections, 10 s, revalidating with If-None-Match): ${conditional.rps} requests/s, p99 ${conditional.p99Ms} ms, ${conditional.non2xx} non-2xx/3xx`,
  );
  const full = await load(`${server.baseUrl}/api/portfolio`, {
    connections: 32,
    seconds: 10,
    headers: { ...session, "Accept-Encoding": "gzip" },
  });
  console.log(`cached endpoint, full gzip body every time: ${full.rps} requests/s, p99 ${full.p99Ms} ms`);
  // 50 browsers loading the page: some revalidate, most fetch the whole gzip body.
  const fifty = await load(`${server.baseUrl}/api/portfolio`, {
    connections: 50,
    seconds: 10,
    headers: { ...session, "Accept-Encoding": "gzip" },
  });
  console.log(
    `50 connections, full gzip body: ${fifty.rps} requests/s, p50 ${fifty.p50Ms} ms, p99 ${fifty.p99Ms} ms, max ${fifty.maxMs} ms`,
  );
  const failures = conditional.non2xx + full.non2xx + fifty.non2xx + conditional.errors + full.errors + fifty.errors;
  if (failures > 0) throw new Error(`${failures} failed requests under load`);
  out = {
    bench: "portfolio",
    coldMs: Math.round(coldMs),
    upstreamRequests,
    warmP50Ms: Math.round(warmP50Ms * 10) / 10,
    cachedRps: conditional.rps,
    fullBodyRps: full.rps,
    p99At50Ms: fifty.p99Ms,
  };
} finally {
  await server.close();
  await Promise.all(Object.values(proxies).map((p) => p.stop()));
  await devchain.stop();
}
console.log(JSON.stringify(out));
