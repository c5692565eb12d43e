import { D } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { readPoolPrices } from "../../src/chain/prices/pulsex-pools.ts";
import { poolConfigFor } from "../../src/chain/settings/deployment.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let t: TestServer;
beforeAll(async () => {
  devchain = await startDevchain({ chains: [369, 1] });
  t = await startDevchainApp(devchain);
});
afterAll(async () => {
  await t?.close();
  await devchain?.stop();
});

describe("portfolio on the devchain", () => {
  it("values every holding by address at the seeded pools, excludes spam, fakes and fork copies, flags unreliable prices", async () => {
    const pls = devchain.chain(369);
    const me = await confirmedUser(t, "holder@example.de", "HolderPass1");
    for (const [i, address] of pls.wallets.users.entries()) {
      expect((await me.post("/api/wallet-management", { address, nickname: `Wallet ${"ABCDE"[i]}` })).status).toBe(200);
    }
    const res = await me.get("/api/portfolio");
    expect(res.status).toBe(200);
    const p = res.json;
    expect(p.error, JSON.stringify(p.debug.problems)).toBeNull();
    expect(p.walletCount).toBe(5);
    expect(p.fromCache).toBe(false);

    // Independently: prices from the pool reserves.
    const fixture = t.running.chain;
    const tokenOf = (role: string) => pls.tokens.find((x) => x.role === role) as (typeof pls.tokens)[number];
    const pools = poolConfigFor(
      { chainId: 369, rpcUrl: pls.rpcUrl, contracts: pls.contracts, tokens: pls.tokens },
      "1000",
    );
    if (!pools) throw new Error("no pools");
    const direct = await readPoolPrices(
      fixture.clients.get(369) as never,
      pools,
      ["plsx", "hex", "printer", "v1Only"].map((r) => tokenOf(r)),
    );
    // (INC was swapped away on day 95 of the story: nobody holds it at the end.)
    for (const role of ["plsx", "hex", "printer", "v1Only"]) {
      const t0 = tokenOf(role);
      const rows = p.tokens.filter(
        (h: { contractAddress: string; chainId: number }) =>
          h.chainId === 369 && h.contractAddress === t0.address.toLowerCase(),
      );
      expect(rows.length, role).toBeGreaterThan(0);
      for (const h of rows) {
        const expected = new D(h.balance).mul(direct.quotes.get(t0.address.toLowerCase())?.usd ?? "0");
        expect(new D(h.value).div(expected).minus(1).abs().lt("0.001"), `${role} ${h.value} vs ${expected}`).toBe(true);
        expect(h).toMatchObject({ hasReliablePrice: true, priceSource: role === "v1Only" ? "pulsex_v1" : "pulsex_v2" });
      }
    }
    // The stablecoin counts 1:1; PLS from the pools.
    const native = p.tokens.find(
      (h: { contractAddress: string; chainId: number }) => h.chainId === 369 && h.contractAddress === "native",
    );
    expect(native.hasReliablePrice).toBe(true);

    // Spam, the fake HEX and the fork copies never appear as holdings.
    // (On chain 1 the same addresses are the real Ethereum tokens, as on mainnet.)
    const shown = new Set(
      p.tokens
        .filter((h: { chainId: number }) => h.chainId === 369)
        .map((h: { contractAddress: string }) => h.contractAddress),
    );
    for (const role of ["spam", "fakeHex", "forkDai", "forkUsdc"]) {
      const addr = tokenOf(role).address.toLowerCase();
      expect(shown.has(addr), role).toBe(false);
    }
    const excluded = p.debug.excludedTokens.map((e: { contractAddress: string; reason: string }) => e.contractAddress);
    expect(excluded).toEqual(
      expect.arrayContaining([tokenOf("spam").address.toLowerCase(), tokenOf("fakeHex").address.toLowerCase()]),
    );

    // Unpriced airdrops the wallets never sent (the bulk tokens): marked, so the table hides them by default.
    const bulk = p.tokens.filter((h: { symbol: string }) => h.symbol.startsWith("BULK"));
    expect(bulk.length).toBeGreaterThan(0);
    for (const h of bulk) expect(h).toMatchObject({ price: null, unpricedAirdrop: true });
    for (const h of p.tokens.filter((x: { price: string | null }) => x.price !== null))
      expect(h.unpricedAirdrop, h.symbol).toBe(false);

    // The thin pool's token is flagged and left out of the total.
    const thin = p.tokens.filter(
      (h: { contractAddress: string }) => h.contractAddress === tokenOf("lowLiquidity").address.toLowerCase(),
    );
    for (const h of thin) expect(h).toMatchObject({ hasReliablePrice: false, isIncludedInPortfolio: false });
    expect(thin.some((h: { priceWarning: boolean }) => h.priceWarning)).toBe(true);

    // The total is exactly the sum of the included holdings and the valued positions, ranks and shares are consistent.
    const sum = p.tokens
      .filter((h: { isIncludedInPortfolio: boolean }) => h.isIncludedInPortfolio)
      .reduce((s: InstanceType<typeof D>, h: { value: string }) => s.add(h.value), new D(0))
      .add(p.positionTotals.liquidity)
      .add(p.positionTotals.staked);
    expect(p.totalValue).toBe(sum.toFixed(2));
    expect(p.tokens.map((h: { holdingRank: number }) => h.holdingRank)).toEqual(
      p.tokens.map((_: unknown, i: number) => i + 1),
    );
    const shares = p.tokens.reduce(
      (s: InstanceType<typeof D>, h: { percentageOfPortfolio: string }) => s.add(h.percentageOfPortfolio),
      new D(0),
    );
    expect(shares.minus(100).abs().lt(0.5)).toBe(true);

    // Cached: the same answer without any upstream call.
    const again = await me.get("/api/portfolio");
    expect(again.json).toMatchObject({ fromCache: true, apiCalls: 0, totalValue: p.totalValue });
    // A browser revalidating an unchanged result gets 304 without a body.
    const etag = again.headers.get("etag") as string;
    expect(etag).toMatch(/^W\//);
    const unchanged = await me.get("/api/portfolio", { "if-none-match": etag });
    expect(unchanged.status).toBe(304);

    // The page's own load does not start the limit: the user's first refresh runs. A second one within
    // five minutes is refused with the seconds left; after them it runs.
    expect((await me.post("/api/portfolio/refresh", {})).status).toBe(200);
    const tooSoon = await me.post("/api/portfolio/refresh", {});
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.error.code).toBe("RATE_LIMITED");
    expect(tooSoon.json.error.message).toMatch(/^Bitte warte noch \d+ Sekunden vor dem nächsten Update$/);
    expect(tooSoon.json.error.retryAfterSeconds).toBeGreaterThan(290);
    t.clock.advance(5 * 60_000 + 1000);
    const fresh = await me.post("/api/portfolio/refresh", {});
    expect(fresh.status).toBe(200);
    expect(fresh.json.fromCache).toBe(false);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await me.get("/api/portfolio")).json.fromCache).toBe(false);

    const history = await me.get("/api/portfolio/history");
    expect(history.json.snapshots.length).toBeGreaterThanOrEqual(1);
    expect(history.json.snapshots.at(-1).totalValue).toMatch(/^\d+\.\d{2}$/);
  });

  it("another user's portfolio is not reachable, and a user without wallets gets the spec's reason", async () => {
    const other = await confirmedUser(t, "empty@example.de", "EmptyPass1");
    const res = await other.get("/api/portfolio");
    expect(res.json).toMatchObject({
      walletCount: 0,
      tokenCount: 0,
      totalValue: "0.00",
      summary: { reasons: ["No wallets found"] },
    });
  });
});

describe("one address on both chains", () => {
  it("shows what each chain holds, and saved for Ethereum too it is still one wallet, counted once", async () => {
    const me = await confirmedUser(t, "both.chains@example.de", "BothChains1");
    const address = (devchain.chain(369).wallets.users[0] as string).toLowerCase();
    await me.post("/api/wallet-management", { address, nickname: "Haupt", blockchain: "pulsechain" });
    const once = (await me.get("/api/portfolio")).json;
    expect(once.walletCount).toBe(1);
    const [wallet] = once.wallets;
    // Saved for PulseChain, its Ethereum holdings are read too, and shown as Ethereum's (A's HEX stake counts too).
    const onChain = (chainId: number) =>
      once.tokens
        .filter(
          (h: { chainId: number; isIncludedInPortfolio: boolean }) => h.chainId === chainId && h.isIncludedInPortfolio,
        )
        .reduce((sum: InstanceType<typeof D>, h: { value: string }) => sum.add(h.value), new D(0))
        .add(
          once.positions
            .filter((x: { chainId: number; valueUsd: string | null }) => x.chainId === chainId && x.valueUsd !== null)
            .reduce((sum: InstanceType<typeof D>, x: { valueUsd: string }) => sum.add(x.valueUsd), new D(0)),
        );
    expect(wallet.chains).toEqual([
      { chainId: 369, value: onChain(369).toFixed(), readFailure: null },
      { chainId: 1, value: onChain(1).toFixed(), readFailure: null },
    ]);
    expect(new D(wallet.chains[1].value).gt(0)).toBe(true);
    expect(new D(wallet.value).eq(onChain(369).add(onChain(1)))).toBe(true);
    expect(new D(wallet.value).toFixed(2)).toBe(once.totalValue);

    await me.post("/api/wallet-management", { address, nickname: "Haupt", blockchain: "ethereum" });
    const twice = (await me.get("/api/portfolio")).json;
    expect(twice.fromCache).toBe(false);
    expect(twice.walletCount).toBe(1);
    expect(twice.wallets).toHaveLength(1);
    expect(twice.wallets[0]).toMatchObject({ chains: wallet.chains, value: wallet.value });
    expect([...twice.wallets[0].savedChainIds].sort()).toEqual([1, 369]);
    expect(twice.totalValue).toBe(once.totalValue);
  });
});

describe("one chain down", () => {
  it("answers with what loaded and says what failed", async () => {
    const partial = await startDevchainApp(devchain, {
      chains: [369],
      env: {
        ETHEREUM_RPC_URL: "http://127.0.0.1:9",
        ETHEREUM_BLOCKSCOUT_URL: "http://127.0.0.1:9/api",
        DEFILLAMA_URL: "off",
        ECB_URL: "off",
      },
    });
    try {
      const me = await confirmedUser(partial, "partial@example.de", "PartialPass1");
      await me.post("/api/wallet-management", { address: devchain.chain(369).wallets.users[0], nickname: "A" });
      const res = await me.get("/api/portfolio");
      expect(res.status).toBe(200);
      expect(res.json.success).toBe(false);
      expect(res.json.error).toMatch(/Ethereum/);
      expect(res.json.tokens.some((h: { chainId: number }) => h.chainId === 369)).toBe(true);
      expect(res.json.tokens.some((h: { chainId: number }) => h.chainId === 1)).toBe(false);
      expect(Number(res.json.totalValue)).toBeGreaterThan(0);
    } finally {
      await partial.close();
    }
  });
});
