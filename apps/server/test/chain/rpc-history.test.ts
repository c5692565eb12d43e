import { normalizedTransferSchema, transferId } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transfersOf } from "../../../../tools/devchain/src/index.ts";
import { RpcLogHistorySource } from "../../src/chain/history/rpc-log-history.ts";
import { createRpcClient } from "../../src/chain/rpc/chain-clients.ts";
import { UpstreamClient } from "../../src/upstream/upstream-client.ts";
import { type ChainFixture, startChainFixture } from "./support/devchain-fixture.ts";

let f: ChainFixture;
beforeAll(async () => {
  f = await startChainFixture([369, 1]);
});
afterAll(async () => {
  await f?.stop();
});

const key = (t: { txHash: string; token: string; from: string; to: string; amount: string }) =>
  `${t.txHash}|${t.token}|${t.from}|${t.to}|${t.amount}`;

describe("RPC-only history on the devchain", () => {
  for (const chainId of [369, 1] as const) {
    it(`chain ${chainId}: equals exactly what was seeded, for every user wallet`, async () => {
      const info = chainId === 369 ? f.devchain.chain(369) : f.devchain.chain(1);
      const wrapped = chainId === 369 ? f.devchain.chain(369).contracts.wpls : f.devchain.chain(1).contracts.weth;
      const source = new RpcLogHistorySource(f.client(chainId), { chainId, wrappedNative: wrapped });
      const seeded = f.devchain.seeded[chainId];
      if (!seeded) throw new Error("no seeded history");
      for (const wallet of info.wallets.users) {
        const w = wallet.toLowerCase();
        const result = await source.fetchTransfers({ chainId, address: w, fromBlock: 0 });
        expect(result.partial, result.problems.join("; ")).toBe(false);
        for (const t of result.transfers) normalizedTransferSchema.parse(t);
        expect(new Set(result.transfers.map(transferId)).size).toBe(result.transfers.length);

        const moved = result.transfers.filter((t) => t.amount !== "0");
        const expected = transfersOf(f.devchain.seeded, chainId, w);
        expect(moved.map(key).sort()).toEqual(expected.map(key).sort());

        // Block, time and method agree with the chain; the fee is on the wallet's own transactions only.
        const byKey = new Map(expected.map((e) => [key(e), e]));
        for (const t of moved) {
          const e = byKey.get(key(t));
          expect(t.blockNumber).toBe(e?.blockNumber);
          expect(t.timestamp).toBe(e?.timestamp);
          expect(t.methodId).toBe(e?.methodId ?? null);
          expect(t.fee).toBe(e?.source === "tx" && e.txFrom === w ? e.fee : "0");
          expect(t.internal).toBe(e?.source === "internal");
        }
        // Every transaction the wallet sent has one top-level record carrying its fee, also when it
        // moved nothing itself (approve, claim); all other records carry no fee.
        const sent = new Map(seeded.transactions.filter((tx) => tx.from === w).map((tx) => [tx.txHash as string, tx]));
        const topLevel = result.transfers.filter((t) => t.token === "native" && !t.internal && t.from === w);
        expect(topLevel.map((t) => t.txHash).sort()).toEqual([...sent.keys()].sort());
        for (const t of topLevel) expect(t.fee).toBe(sent.get(t.txHash)?.fee);
        const feeTotal = result.transfers.reduce((s, t) => s + BigInt(t.fee), 0n);
        expect(feeTotal).toBe([...sent.values()].reduce((s, tx) => s + BigInt(tx.fee), 0n));
      }
    });
  }

  it("reads incrementally: from a block on, only what came after", async () => {
    const info = f.devchain.chain(369);
    const source = new RpcLogHistorySource(f.client(369), { chainId: 369, wrappedNative: info.contracts.wpls });
    const wallet = info.wallets.users[0] as string;
    const all = await source.fetchTransfers({ chainId: 369, address: wallet, fromBlock: 0 });
    const middle = all.transfers[Math.floor(all.transfers.length / 2)]?.blockNumber ?? 0;
    const later = await source.fetchTransfers({ chainId: 369, address: wallet, fromBlock: middle + 1 });
    expect(later.transfers.length).toBeGreaterThan(0);
    expect(later.transfers.every((t) => t.blockNumber > middle)).toBe(true);
    expect(later.transfers.map(transferId)).toEqual(
      all.transfers.filter((t) => t.blockNumber > middle).map(transferId),
    );
  });

  it("halves the log range when the node refuses a large one, and says so when native transfers were not scanned", async () => {
    const info = f.devchain.chain(369);
    // A node that refuses eth_getLogs over more than 10 blocks, as public RPCs do.
    const ranges: number[] = [];
    const refusing: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body ?? "null"));
      const requests = Array.isArray(body) ? body : [body];
      const refused = requests.find((r) => {
        if (r?.method !== "eth_getLogs") return false;
        const span = Number(r.params[0].toBlock) - Number(r.params[0].fromBlock) + 1;
        ranges.push(span);
        return span > 10;
      });
      if (!refused) return fetch(input, init);
      const errors = requests.map((r) => ({
        jsonrpc: "2.0",
        id: r.id,
        error: { code: -32005, message: "block range too large, max 10 blocks" },
      }));
      return new Response(JSON.stringify(Array.isArray(body) ? errors : errors[0]), {
        headers: { "content-type": "application/json" },
      });
    };
    const upstream = new UpstreamClient({ fetch: refusing });
    const client = createRpcClient({ chainId: 369, rpcUrl: info.rpcUrl }, upstream);
    const source = new RpcLogHistorySource(client, {
      chainId: 369,
      wrappedNative: info.contracts.wpls,
      nativeScanMaxBlocks: 5,
    });
    const wallet = info.wallets.users[0] as string;
    const result = await source.fetchTransfers({ chainId: 369, address: wallet, fromBlock: 0 });
    expect(Math.max(...ranges)).toBeGreaterThan(10);
    expect(ranges.at(-1)).toBeLessThanOrEqual(10);
    expect(result.partial).toBe(true);
    expect(result.problems.join(" ")).toMatch(/native transfers before block \d+ were not read/);
    // Token transfers are complete despite the refusals.
    const tokens = result.transfers.filter((t) => t.token !== "native");
    const expected = transfersOf(f.devchain.seeded, 369, wallet.toLowerCase()).filter((t) => t.token !== "native");
    expect(tokens.map(key).sort()).toEqual(expected.map(key).sort());
  });

  // Last: it adds blocks to the shared chain.
  it("reads internal transfers in ranges the node accepts (anvil's trace_filter allows 300 blocks)", async () => {
    const info = f.devchain.chain(369);
    const client = f.client(369);
    await client.request({ method: "anvil_mine" as never, params: ["0x190"] as never });
    expect(Number(await client.getBlockNumber())).toBeGreaterThan(400);
    const source = new RpcLogHistorySource(client, { chainId: 369, wrappedNative: info.contracts.wpls });
    let internalSeen = 0;
    // A and C sold tokens for PLS: the router paid them inside its calls.
    for (const wallet of [info.wallets.users[0], info.wallets.users[2]] as string[]) {
      const w = wallet.toLowerCase();
      const result = await source.fetchTransfers({ chainId: 369, address: w, fromBlock: 0 });
      expect(result.partial, result.problems.join("; ")).toBe(false);
      const internal = result.transfers.filter((t) => t.internal);
      const expected = transfersOf(f.devchain.seeded, 369, w).filter((t) => t.source === "internal");
      expect(internal.map(key).sort()).toEqual(expected.map(key).sort());
      internalSeen += internal.length;
    }
    expect(internalSeen).toBeGreaterThan(0);
  });
});
