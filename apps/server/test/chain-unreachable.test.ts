/**
 * Without chain access (the RPC node refuses connections or never answers) the pages that read the
 * chain answer at once and say so (docs/product/markets.md, "Without the chain"): the market's lists
 * empty and marked unavailable, a token's page and the bridge and yield pages 503 CHAIN_UNAVAILABLE,
 * never "token not found" and never a 500.
 */
import { createServer, type Server, type Socket } from "node:net";
import { marketPairsResponseSchema, tokenSearchResponseSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import type { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const WALLET = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

async function timed<T>(run: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await run();
  return { answer, ms: performance.now() - started };
}

describe("an RPC node that refuses connections", () => {
  let t: TestServer;
  let me: HttpClient;
  beforeAll(async () => {
    t = await startTestServer({ env: OFFLINE });
    me = await confirmedUser(t, "offline-chain@example.de", "OfflinePass1");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the market page answers within seconds, empty and marked unavailable, and again at once", async () => {
    const first = await timed(() => me.get("/api/market/tokens?q="));
    expect(first.answer.status).toBe(200);
    expect(tokenSearchResponseSchema.parse(first.answer.json)).toMatchObject({ tokens: [], unavailable: true });
    expect(first.ms).toBeLessThan(6_000);
    // Within the minute after the failed read the chain is not asked again, and nobody waits for it.
    const again = await timed(() => me.get("/api/market/tokens?q=hex"));
    expect(tokenSearchResponseSchema.parse(again.answer.json)).toMatchObject({ tokens: [], unavailable: true });
    expect(again.ms).toBeLessThan(1_000);
    const pairs = await timed(() => me.get("/api/market/pairs?chainId=369"));
    expect(marketPairsResponseSchema.parse(pairs.answer.json)).toMatchObject({ pairs: [], unavailable: true });
    expect(pairs.ms).toBeLessThan(6_000);
  });

  it("the HEX token page says the chain cannot be reached (503 CHAIN_UNAVAILABLE), not that HEX does not exist", async () => {
    const res = await me.get(`/api/market/tokens/369/${HEX}?range=7d`);
    expect(res.status).toBe(503);
    expect(res.json.error.code).toBe("CHAIN_UNAVAILABLE");
    // Asked again (the page retries): still the chain, HEX is not remembered as "no token".
    const again = await me.get(`/api/market/tokens/369/${HEX}?range=24h`);
    expect(again.json.error.code).toBe("CHAIN_UNAVAILABLE");
    // Nothing about HEX was stored from a node that could not be asked (it used to be kept as "no ERC-20").
    const stored = await t.running.database.pool.query("select is_erc20 from token_metadata where address = $1", [HEX]);
    expect(stored.rows).toEqual([]);
  });

  it("the bridge and yield pages answer 503 CHAIN_UNAVAILABLE with a message, not a 500", async () => {
    expect((await me.post("/api/wallet-management", { address: WALLET, nickname: "Haupt" })).status).toBe(200);
    for (const path of ["/api/bridge/tokens", "/api/yield/examples"]) {
      const res = await me.get(path);
      expect(res.status, path).toBe(503);
      expect(res.json.error, path).toMatchObject({ code: "CHAIN_UNAVAILABLE", message: expect.stringMatching(/\S/) });
    }
  });
});

describe("an RPC node that accepts connections and never answers", () => {
  let t: TestServer;
  let me: HttpClient;
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;
    t = await startTestServer({ env: { ...OFFLINE, PULSECHAIN_RPC_URL: url, ETHEREUM_RPC_URL: url } });
    me = await confirmedUser(t, "silent-chain@example.de", "SilentPass1");
  });
  afterAll(async () => {
    // The node goes away (refusing from now on): the read still waiting fails and the app can close.
    const closed = new Promise((resolve) => silent?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
    await t?.close();
  });

  it("the market page does not wait for it: unavailable within seconds", async () => {
    const first = await timed(() => me.get("/api/market/tokens?q="));
    expect(tokenSearchResponseSchema.parse(first.answer.json)).toMatchObject({ tokens: [], unavailable: true });
    expect(first.ms).toBeLessThan(6_000);
  }, 20_000);
});
