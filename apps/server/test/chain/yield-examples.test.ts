import { D } from "@pulsemanager/core";
import { createPublicClient, http, type PublicClient, parseAbiItem } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { swapInputs } from "../../src/yield/pool-swaps.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let t: TestServer;
beforeAll(async () => {
  // The demo's chain: its pools are traded up to two hours ago, so the last 24 hours have swaps.
  devchain = await startDevchain({ chains: [369], bulkTokens: 0, recentPayouts: true });
  t = await startDevchainApp(devchain, { chains: [369] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await devchain?.stop();
});

describe("GET /api/yield/examples on the devchain", () => {
  it("lists the deepest WPLS pools with the fee APR of the last 24 hours' swaps, by the stated formula", async () => {
    const me = await confirmedUser(t, "yield@example.de", "YieldPass1");
    const res = await me.get("/api/yield/examples");
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.windowHours).toBe(24);
    expect(body.examples.length).toBeGreaterThanOrEqual(3);
    expect(body.examples.length).toBeLessThanOrEqual(6);
    const pls = devchain.chain(369);
    const rpc = createPublicClient({ transport: http(pls.rpcUrl) }) as PublicClient;
    const head = await rpc.getBlock({ blockNumber: BigInt(body.toBlock) });
    const from = await rpc.getBlock({ blockNumber: BigInt(body.fromBlock) });
    const before = await rpc.getBlock({ blockNumber: BigInt(body.fromBlock) - 1n });
    // The window: the blocks of the 24 hours before the newest one.
    expect(Number(head.timestamp - from.timestamp)).toBeLessThanOrEqual(24 * 3600);
    expect(Number(head.timestamp - before.timestamp)).toBeGreaterThan(24 * 3600 - 1);

    // Deepest first; every pool is a real pair of the devchain against WPLS.
    const reserves = body.examples.map((e: { reserveWpls: string }) => new D(e.reserveWpls));
    for (let i = 1; i < reserves.length; i++) expect(reserves[i - 1].gte(reserves[i])).toBe(true);
    const pairs = Object.values(pls.contracts.pairs).map((a) => String(a).toLowerCase());
    let traded = 0;
    for (const e of body.examples) {
      expect(pairs).toContain(e.pair);
      expect(e.quote.address).toBe(pls.contracts.wpls.toLowerCase());
      expect(e.lpFeePercent).toBe("0.3");
      // The swap count is the chain's own.
      const logs = await rpc.getLogs({
        address: e.pair,
        event: parseAbiItem(
          "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
        ),
        fromBlock: BigInt(body.fromBlock),
        toBlock: BigInt(body.toBlock),
      });
      expect(e.swaps, e.token.symbol).toBe(logs.length);
      // APR = fees / liquidity x 365 x 100 (24-hour window).
      const expected = new D(e.feesWpls).div(e.liquidityWpls).mul(365).mul(100);
      expect(new D(e.feeAprPercent).minus(expected).abs().lte("0.01"), `${e.feeAprPercent} vs ${expected}`).toBe(true);
      expect(new D(e.feesWpls).minus(new D(e.volumeWpls).mul("0.003")).abs().lte(1)).toBe(true);
      if (e.swaps > 0) traded++;
    }
    // In the last day the traders trade the printers' and the main pools.
    expect(traded).toBeGreaterThan(0);
  });

  it("reads the swaps in smaller ranges when the node refuses a range", async () => {
    const pls = devchain.chain(369);
    const rpc = createPublicClient({ transport: http(pls.rpcUrl) }) as PublicClient;
    const pairs = Object.values(pls.contracts.pairs).map((a) => String(a).toLowerCase() as `0x${string}`);
    const head = await rpc.getBlockNumber();
    const asked: bigint[] = [];
    const picky = {
      ...rpc,
      getLogs: (args: { fromBlock: bigint; toBlock: bigint }) => {
        asked.push(args.toBlock - args.fromBlock + 1n);
        if (args.toBlock - args.fromBlock + 1n > 16n) return Promise.reject(new Error("range too large"));
        return rpc.getLogs(args as never);
      },
    } as unknown as PublicClient;
    const whole = await swapInputs(rpc, pairs, 1n, head);
    const pieces = await swapInputs(picky, pairs, 1n, head, 64n, 1n);
    expect(pieces).toEqual(whole);
    expect([...whole.values()].some((s) => s.count > 0)).toBe(true);
    expect(head).toBeGreaterThan(64n);
    expect(asked.slice(0, 3)).toEqual([64n, 32n, 16n]);
    await expect(swapInputs(picky, pairs, 1n, head, 64n, 32n)).rejects.toThrow("range too large");
  });
});
