import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { netByToken, transfersOf } from "../../../../tools/devchain/src/index.ts";
import { readBalances } from "../../src/chain/balances/multicall-balances.ts";
import { type ChainFixture, startChainFixture } from "./support/devchain-fixture.ts";

let f: ChainFixture;
beforeAll(async () => {
  f = await startChainFixture([369]);
});
afterAll(async () => {
  await f?.stop();
});

describe("balances through Multicall3 on the devchain", () => {
  it("reads a wallet holding 300 tokens and its native balance in at most 2 RPC requests", async () => {
    const pls = f.devchain.chain(369);
    const wallet = pls.wallets.users[0] as `0x${string}`;
    const tokens = [
      ...pls.contracts.bulkTokens,
      pls.contracts.plsx,
      pls.contracts.hex,
      pls.contracts.wpls,
    ] as `0x${string}`[];
    f.calls.length = 0;
    const [balances] = await readBalances(f.client(369), [{ wallet, tokens }]);
    expect(f.calls.length).toBeLessThanOrEqual(2);
    expect(f.calls.every((c) => c.outcome === "ok")).toBe(true);
    expect(balances?.tokens.size).toBe(303);
    expect(balances?.failed).toEqual([]);

    // Every balance equals what the seeded history says the wallet received minus what it sent.
    const net = netByToken(transfersOf(f.devchain.seeded, 369, wallet), wallet);
    for (const token of tokens) {
      expect(balances?.tokens.get(token.toLowerCase()), token).toBe(net.get(token.toLowerCase()) ?? 0n);
    }
  });

  it("the native balance is the genesis balance plus transfers minus the fees the wallet paid", async () => {
    const pls = f.devchain.chain(369);
    const history = f.devchain.seeded[369];
    if (!history) throw new Error("no seeded history");
    for (const wallet of pls.wallets.users) {
      const [b] = await readBalances(f.client(369), [{ wallet: wallet as `0x${string}`, tokens: [] }]);
      const w = wallet.toLowerCase() as `0x${string}`;
      const net = netByToken(transfersOf(f.devchain.seeded, 369, w), w).get("native") ?? 0n;
      const fees = history.transactions.filter((t) => t.from === w).reduce((s, t) => s + BigInt(t.fee), 0n);
      expect(b?.native, wallet).toBe(BigInt(history.initialNativeBalances[w] ?? "0") + net - fees);
    }
  });

  it("5 wallets x 300 tokens: all 1,505 balances in at most 4 requests", async () => {
    const pls = f.devchain.chain(369);
    f.calls.length = 0;
    const result = await readBalances(
      f.client(369),
      pls.wallets.users.map((w) => ({
        wallet: w as `0x${string}`,
        tokens: pls.contracts.bulkTokens as `0x${string}`[],
      })),
    );
    expect(f.calls.length).toBeLessThanOrEqual(4);
    expect(result.map((r) => r.tokens.size)).toEqual([300, 300, 300, 300, 300]);
    for (const r of result) for (const v of r.tokens.values()) expect(v).toBeGreaterThan(0n);
  });

  it("a contract that is not a token fails alone, the rest is read", async () => {
    const pls = f.devchain.chain(369);
    const wallet = pls.wallets.users[1] as `0x${string}`;
    const [b] = await readBalances(f.client(369), [
      { wallet, tokens: [pls.contracts.plsx as `0x${string}`, pls.contracts.factoryV2 as `0x${string}`] },
    ]);
    expect(b?.tokens.has(pls.contracts.plsx.toLowerCase())).toBe(true);
    expect(b?.failed).toEqual([pls.contracts.factoryV2.toLowerCase()]);
  });
});
