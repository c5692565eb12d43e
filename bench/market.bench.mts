/**
 * npm run bench -- market
 * "Market data is shared": 200 dashboards (20 accounts, 10 tabs each) load at the same moment (top pairs, 24 h movers,
 * news) with the providers' fakes answering after 100 ms: GeckoTerminal (top pools, its real answer),
 * a news feed, and the devchain for movers. Counted: provider calls (at most one per resource).
 * Then the cached /api/market/pairs under load (autocannon, 50 connections, 5 s): p50 and p99, against
 * a trivial signed-in route (/api/me) under the same load as the baseline. Last line: one JSON object.
 */
import { writeDevchainFile } from "../apps/server/test/chain/support/devchain-app.ts";
import { example, loadProviderFile, startFake } from "../apps/server/test/providers/fake-http.ts";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import type { HttpClient } from "../apps/server/test/support/http-client.ts";
import { startTestServer } from "../apps/server/test/support/test-server.ts";
import { startDevchain } from "../tools/devchain/src/index.ts";
import { load } from "./support/load.ts";

/** Dashboard loads at once, spread over 20 accounts (sign-up mails are limited per address and IP). */
const LOADS = 200;
const USERS = 20;
const LATENCY_MS = 100;
const TOP =
  "GET https://api.geckoterminal.com/api/v2/networks/pulsechain/pools?page=1&sort=h24_volume_usd_desc&include=base_token,quote_token";
const gecko = loadProviderFile("geckoterminal.json");
const feed = loadProviderFile("rss-news.json").examples["GET https://decrypt.co/feed"] as string;
const slow = async <T,>(reply: T): Promise<T> => {
  await new Promise((r) => setTimeout(r, LATENCY_MS));
  return reply;
};

const devchain = await startDevchain({ chains: [369], bulkTokens: 0, recentPayouts: true });
const geckoFake = await startFake(() => slow({ json: example(gecko, TOP) }));
const newsFake = await startFake(() => slow({ text: feed, contentType: "application/rss+xml" }));
const t = await startTestServer({
  env: {
    DEVCHAIN_FILE: writeDevchainFile(devchain, [369]),
    GECKOTERMINAL_URL: geckoFake.url,
    NEWS_FEEDS: `en=${newsFake.url}/feed`,
    LOG_LEVEL: "silent",
  },
});
let exitCode = 0;
try {
  const users: HttpClient[] = [];
  for (let i = 0; i < USERS; i++) users.push(await confirmedUser(t, `market.${i}@example.de`, "MarketBench2026!"));
  console.log(`${USERS} users signed in; providers answer after ${LATENCY_MS} ms`);

  const started = performance.now();
  const loads = await Promise.all(
    Array.from({ length: LOADS }, (_, i) => users[i % USERS] as HttpClient).map((u) =>
      Promise.all([
        u.get("/api/market/pairs?chainId=369&limit=20"),
        u.get("/api/market/movers?chainId=369&timeframe=24h"),
        u.get("/api/news"),
      ]),
    ),
  );
  const coldMs = Math.round(performance.now() - started);
  const failed = loads.flat().filter((r) => r.status !== 200).length;
  if (failed > 0) throw new Error(`${failed} dashboard requests failed`);
  const geckoCalls = geckoFake.requests.length;
  const newsCalls = newsFake.requests.length;
  console.log(
    `  ${LOADS} dashboards at once: ${coldMs} ms for all; GeckoTerminal asked ${geckoCalls}x, the news feed ${newsCalls}x`,
  );
  if (geckoCalls > 1 || newsCalls > 1) throw new Error("a resource was fetched more than once");

  const cookie = users[0]?.cookieHeader() ?? "";
  const headers = { cookie, origin: t.baseUrl };
  const baseline = await load(`${t.baseUrl}/api/me`, { connections: 50, seconds: 5, headers });
  const pairs = await load(`${t.baseUrl}/api/market/pairs?chainId=369&limit=20`, {
    connections: 50,
    seconds: 5,
    headers,
  });
  if (pairs.non2xx + pairs.errors > 0) throw new Error(`${pairs.non2xx + pairs.errors} pair requests failed`);
  console.log(`  /api/me (baseline): p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms, ${baseline.rps} req/s`);
  console.log(`  /api/market/pairs (cached): p50 ${pairs.p50Ms} ms, p99 ${pairs.p99Ms} ms, ${pairs.rps} req/s`);
  console.log(
    JSON.stringify({
      bench: "market",
      providerCalls: geckoFake.requests.length + newsFake.requests.length,
      geckoterminalCalls: geckoFake.requests.length,
      newsCalls: newsFake.requests.length,
      dashboardsAtOnce: LOADS,
      coldAllMs: coldMs,
      pairsP50Ms: pairs.p50Ms,
      pairsP99Ms: pairs.p99Ms,
      pairsRps: pairs.rps,
      baseline: { route: "/api/me", p50Ms: baseline.p50Ms, p99Ms: baseline.p99Ms, rps: baseline.rps },
    }),
  );
} catch (err) {
  exitCode = 1;
  console.error(err);
} finally {
  await t.close();
  await geckoFake.close();
  await newsFake.close();
  await devchain.stop();
}
process.exit(exitCode);
