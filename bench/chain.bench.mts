/**
 * npm run bench -- chain
 * Balances of 5 wallets x 300 tokens (plus native) per chain on the devchain, with
 * 50 ms of latency added in front of the node: the app's Multicall3 reader against
 * one request per token (the spec's original approach, 6 requests in flight like a
 * browser), in the same run.
 */
import { erc20Abi } from "viem";
import { readBalances } from "../apps/server/src/chain/balances/multicall-balances.ts";
import { createRpcClient } from "../apps/server/src/chain/rpc/chain-clients.ts";
import { UpstreamClient } from "../apps/server/src/upstream/upstream-client.ts";
import { startDevchain } from "../tools/devchain/src/index.ts";
import { LatencyProxy } from "./support/latency-proxy.ts";

const LATENCY_MS = 50;
const BASELINE_CONCURRENCY = 6;

async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

const devchain = await startDevchain({ chains: [369, 1] });
const results: Record<string, { requests: number; wallMs: number; baselineRequests: number; baselineWallMs: number }> =
  {};
try {
  for (const chainId of [369, 1] as const) {
    const info = chainId === 369 ? devchain.chain(369) : devchain.chain(1);
    const proxy = new LatencyProxy(info.rpcUrl, LATENCY_MS);
    await proxy.start();
    const upstream = new UpstreamClient({
      policies: { [`rpc-${chainId}`]: { maxConcurrent: 16, ratePerSecond: Number.POSITIVE_INFINITY } },
    });
    const client = createRpcClient({ chainId, rpcUrl: proxy.url }, upstream);
    const wallets = info.wallets.users as `0x${string}`[];
    const tokens = info.contracts.bulkTokens as `0x${string}`[];

    // Ours: Multicall3, chunked eth_calls.
    proxy.reset();
    let t0 = performance.now();
    const ours = await readBalances(
      client,
      wallets.map((wallet) => ({ wallet, tokens })),
    );
    const wallMs = performance.now() - t0;
    const requests = proxy.requests;

    // Baseline: one request per token balance (and one per native balance), no batching.
    const plain = createRpcClient({ chainId, rpcUrl: proxy.url, batchSize: 1 }, upstream);
    const jobs = wallets.flatMap((wallet) => [
      { wallet, token: null as `0x${string}` | null },
      ...tokens.map((token) => ({ wallet, token })),
    ]);
    proxy.reset();
    t0 = performance.now();
    const baseline = new Map<string, bigint>();
    await pool(jobs, BASELINE_CONCURRENCY, async ({ wallet, token }) => {
      const value = token
        ? await plain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet] })
        : await plain.getBalance({ address: wallet });
      baseline.set(`${wallet}:${token ?? "native"}`, value);
    });
    const baselineWallMs = performance.now() - t0;
    const baselineRequests = proxy.requests;
    await proxy.stop();

    // Both approaches must read the same numbers.
    for (const w of ours) {
      if (baseline.get(`${w.wallet}:native`) !== w.native) throw new Error(`native mismatch for ${w.wallet}`);
      for (const [token, v] of w.tokens)
        if (
          baseline.get(`${w.wallet}:${token}`) !== v &&
          baseline.get(`${w.wallet}:${tokens.find((t) => t.toLowerCase() === token)}`) !== v
        )
          throw new Error(`mismatch ${token}`);
    }
    results[chainId] = { requests, wallMs, baselineRequests, baselineWallMs };
    console.log(
      `chain ${chainId}: ${wallets.length} wallets x ${tokens.length} tokens: multicall ${requests} requests in ${wallMs.toFixed(0)} ms; ` +
        `one request per token ${baselineRequests} requests in ${baselineWallMs.toFixed(0)} ms (${(baselineWallMs / wallMs).toFixed(1)}x slower)`,
    );
  }
} finally {
  await devchain.stop();
}
const all = Object.values(results);
console.log(
  JSON.stringify({
    bench: "chain",
    requestsPerChain: Math.max(...all.map((r) => r.requests)),
    wallMs: Math.round(Math.max(...all.map((r) => r.wallMs))),
    baselineRequests: Math.max(...all.map((r) => r.baselineRequests)),
    baselineWallMs: Math.round(Math.max(...all.map((r) => r.baselineWallMs))),
  }),
);
