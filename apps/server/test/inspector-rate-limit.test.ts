/**
 * The inspector's RPC reader reads its block span with the main path's range reader: a node's rate
 * limit (a JSON-RPC -32005 "rate limit exceeded" answer) is waited out and the same range read again,
 * never halved; a refused range is still halved.
 */
import { ETHEREUM } from "@pulsemanager/core";
import { createPublicClient, custom, type PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { RpcTokenReader } from "../src/chain/inspector/token-transfer-readers.ts";

const WALLET = `0x${"1".repeat(40)}`;
const TOKEN = `0x${"2".repeat(40)}`;

/** A node at block 999 whose eth_getLogs answers `refuse(from, to)` with an error once it returns one. */
function fakeNode(refuse: (from: number, to: number) => { code: number; message: string } | null) {
  const asked: [number, number][] = [];
  const client = createPublicClient({
    transport: custom(
      {
        async request({ method, params }: { method: string; params?: unknown }) {
          if (method === "eth_blockNumber") return "0x3e7";
          if (method !== "eth_getLogs") throw new Error(`unexpected ${method}`);
          const [filter] = params as [{ fromBlock: string; toBlock: string }];
          const from = Number(filter.fromBlock);
          const to = Number(filter.toBlock);
          const error = refuse(from, to);
          if (error) throw Object.assign(new Error(error.message), error);
          asked.push([from, to]);
          return [];
        },
      },
      { retryCount: 0 },
    ),
  }) as unknown as PublicClient;
  return { client, asked };
}

const query = () => ({ chainId: ETHEREUM, wallet: WALLET, token: TOKEN, deadline: Date.now() + 60_000 });

describe("inspector RPC reader: range errors and rate limits", () => {
  it("waits out a rate limit and reads the same range again, never halving it", async () => {
    let limited = false;
    const node = fakeNode(() => {
      if (limited) return null;
      limited = true;
      return { code: -32005, message: "rate limit exceeded" };
    });
    const reader = new RpcTokenReader(node.client, { rangeBlocks: 500, rateLimitWaitsMs: [1] });
    const read = await reader.all(query());
    expect(read.error).toBeNull();
    expect(limited).toBe(true);
    // Both directions of each range, at the full range size.
    expect([...new Set(node.asked.map((r) => r.join("-")))]).toEqual(["0-499", "500-999"]);
  });

  it("halves a refused range", async () => {
    const node = fakeNode((from, to) =>
      to - from + 1 > 300 ? { code: -32005, message: "query exceeds max block range 300" } : null,
    );
    const reader = new RpcTokenReader(node.client, { rangeBlocks: 1000, rateLimitWaitsMs: [1] });
    const read = await reader.all(query());
    expect(read.error).toBeNull();
    expect([...new Set(node.asked.map((r) => r.join("-")))]).toEqual(["0-249", "250-499", "500-749", "750-999"]);
  });
});
