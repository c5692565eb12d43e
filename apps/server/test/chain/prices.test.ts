import { D, judgeHoldingPrice } from "@pulsemanager/core";
import type { Abi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PriceService } from "../../src/chain/prices/price-service.ts";
import { readPoolPrices } from "../../src/chain/prices/pulsex-pools.ts";
import { poolConfigFor } from "../../src/chain/settings/deployment.ts";
import { type ChainFixture, startChainFixture } from "./support/devchain-fixture.ts";

const FLOOR = "1000";
let f: ChainFixture;
beforeAll(async () => {
  f = await startChainFixture([369]);
});
afterAll(async () => {
  await f?.stop();
});

const pairAbi = [
  {
    type: "function",
    name: "getReserves",
    stateMutability: "view",
    inputs: [],
    outputs: [
      { name: "r0", type: "uint112" },
      { name: "r1", type: "uint112" },
      { name: "t", type: "uint32" },
    ],
  },
  { type: "function", name: "token0", stateMutability: "view", inputs: [], outputs: [{ name: "", type: "address" }] },
] as const satisfies Abi;

function token(role: string) {
  const t = f.devchain.chain(369).tokens.find((x) => x.role === role);
  if (!t) throw new Error(`no token ${role}`);
  return { ...t, address: t.address.toLowerCase() };
}

/** USD per whole `base` in a WPLS pool, computed here independently from the pair's reserves. */
async function priceFromReserves(
  pair: string,
  base: { address: string; decimals: number },
  wplsUsd: InstanceType<typeof D>,
) {
  const client = f.client(369);
  const [r0, r1] = (await client.readContract({
    address: pair as `0x${string}`,
    abi: pairAbi,
    functionName: "getReserves",
  })) as readonly [bigint, bigint, number];
  const t0 = (
    (await client.readContract({ address: pair as `0x${string}`, abi: pairAbi, functionName: "token0" })) as string
  ).toLowerCase();
  const [baseRes, wplsRes] = t0 === base.address ? [r0, r1] : [r1, r0];
  return new D(wplsRes.toString())
    .div(new D(10).pow(18))
    .div(new D(baseRes.toString()).div(new D(10).pow(base.decimals)))
    .mul(wplsUsd);
}

describe("PulseX pool prices on the devchain", () => {
  it("match the pool reserves exactly and the designed prices within 0.5 %", async () => {
    const pls = f.devchain.chain(369);
    const config = poolConfigFor(f.deployment(369), FLOOR);
    if (!config) throw new Error("no pool config");
    const roles = ["plsx", "hex", "inc", "printer", "v1Only"] as const;
    f.calls.length = 0;
    const result = await readPoolPrices(
      f.client(369),
      config,
      roles.map((r) => token(r)),
    );
    // Two multicall rounds: find the pairs, read their reserves.
    expect(f.calls.length).toBeLessThanOrEqual(2);

    // PLS from the deepest WPLS/stablecoin pool (WPLS/DAI V2 and WPLS/USDC V2 hold the same depth).
    expect(result.nativeUsd?.reliable).toBe(true);
    const pls$ = new D(result.nativeUsd?.usd ?? "0");
    expect(pls$.div(pls.nativePriceUsd).minus(1).abs().lt(0.005)).toBe(true);

    for (const role of roles) {
      const t = token(role);
      const q = result.quotes.get(t.address);
      expect(q, role).toBeDefined();
      const pool = pls.pools.find((p) => p.pair.toLowerCase() === q?.pair);
      expect(pool?.base, role).toBe(role);
      const fromReserves = await priceFromReserves(q?.pair as string, t, pls$);
      expect(new D(q?.usd ?? "0").div(fromReserves).minus(1).abs().lt("1e-15"), role).toBe(true);
      expect(
        new D(q?.usd ?? "0")
          .div(t.priceUsd ?? 1)
          .minus(1)
          .abs()
          .lt(0.005),
        role,
      ).toBe(true);
      expect(q?.reliable, role).toBe(true);
    }
    expect(result.quotes.get(token("v1Only").address)?.version).toBe("v1");
    // PLSX has a V1 and a V2 pool: the deeper one (V2) wins.
    expect(result.quotes.get(token("plsx").address)?.version).toBe("v2");
  });

  it("flags a pool below the liquidity floor as unreliable, with the reason", async () => {
    const config = poolConfigFor(f.deployment(369), FLOOR);
    if (!config) throw new Error("no pool config");
    const thin = token("lowLiquidity");
    const result = await readPoolPrices(f.client(369), config, [thin]);
    const q = result.quotes.get(thin.address);
    expect(q?.reliable).toBe(false);
    expect(q?.note).toMatch(/below the floor of 1000 USD/);
  });
});

describe("price service: by address, with source and reliability", () => {
  function service(defillama?: ConstructorParameters<typeof PriceService>[0]["defillama"]) {
    const config = poolConfigFor(f.deployment(369), FLOOR);
    return new PriceService({
      registry: f.registry,
      chains: new Map([[369, { chainId: 369, client: f.client(369), pools: config }]]),
      defillama,
    });
  }

  it("never values the fork copy, the spam token or the fake HEX as the real thing", async () => {
    const s = service();
    const dai = token("dai");
    const forkDai = token("forkDai");
    const spam = token("spam");
    const fakeHex = token("fakeHex");
    const hex = token("hex");
    const answer = await s.currentPrices(
      369,
      [dai, forkDai, spam, fakeHex, hex].map((t) => ({ address: t.address, decimals: t.decimals })),
    );
    expect(answer.quotes.get(dai.address)).toMatchObject({ usd: "1", source: "stablecoin", reliable: true });
    const fork = answer.quotes.get(forkDai.address);
    // The fork copy only has its own dust pool: its own tiny price, never 1 USD, never trusted.
    expect(fork?.source).not.toBe("stablecoin");
    expect(new D(fork?.usd ?? "0").lt("0.01")).toBe(true);
    expect(fork?.reliable).toBe(false);
    expect(answer.quotes.has(spam.address)).toBe(false);
    expect(answer.quotes.has(fakeHex.address)).toBe(false);
    expect(answer.quotes.get(hex.address)?.reliable).toBe(true);
    expect(answer.quotes.get(hex.address)?.usd).not.toBe(answer.quotes.get(fakeHex.address)?.usd);
  });

  it("values WPLS and the native coin alike, and keeps working when DefiLlama is down", async () => {
    const s = service({
      name: "defillama",
      current: async () => {
        throw new Error("HTTP 503 from prices/current");
      },
    });
    const wpls = token("wpls");
    const answer = await s.currentPrices(369, [
      { address: "native", decimals: 18 },
      { address: wpls.address, decimals: 18 },
      { address: token("inc").address, decimals: 18 },
    ]);
    expect(answer.partial).toBe(true);
    expect(answer.problems[0]).toMatch(/defillama: HTTP 503/);
    expect(answer.quotes.get("native")?.usd).toBe(answer.quotes.get(wpls.address)?.usd);
    expect(answer.quotes.get("native")?.source).toBe("pulsex_v2");
    expect(answer.quotes.get(token("inc").address)?.reliable).toBe(true);
  });

  it("prefers DefiLlama when it knows the token, by address, and caches for a minute", async () => {
    let calls = 0;
    const inc = token("inc");
    const s = service({
      name: "defillama",
      current: async (_chain, addresses) => {
        calls++;
        return new Map(
          addresses
            .filter((a) => a === inc.address)
            .map((a) => [a, { usd: "1.4999", timestamp: 1_700_000_000, confidence: 0.99 }]),
        );
      },
    });
    const first = await s.currentPrices(369, [{ address: inc.address, decimals: 18 }]);
    expect(first.quotes.get(inc.address)).toMatchObject({ usd: "1.4999", source: "defillama", reliable: true });
    await s.currentPrices(369, [{ address: inc.address, decimals: 18 }]);
    expect(calls).toBe(1);
  });

  it("gives a DefiLlama price its deepest pool's liquidity, so a holding beyond it is not trusted", async () => {
    const hex = token("hex");
    const s = service({
      name: "defillama",
      current: async (_chain, addresses) =>
        new Map(
          addresses
            .filter((a) => a === hex.address)
            .map((a) => [a, { usd: "0.0052", timestamp: 1_700_000_000, confidence: 0.99 }]),
        ),
    });
    const answer = await s.currentPrices(369, [{ address: hex.address, decimals: 8 }]);
    const quote = answer.quotes.get(hex.address);
    const config = poolConfigFor(f.deployment(369), FLOOR);
    if (!config) throw new Error("no pool config");
    const pools = await readPoolPrices(f.client(369), config, [hex]);
    expect(quote).toMatchObject({ usd: "0.0052", source: "defillama", reliable: true });
    expect(quote?.liquidityUsd).toBe(pools.quotes.get(hex.address)?.liquidityUsd);
    // The devchain deployer's 599.75 bn HEX: billions at DefiLlama's price, far beyond the pool.
    expect(judgeHoldingPrice(quote, new D("599750000000")).reliable).toBe(false);
    expect(judgeHoldingPrice(quote, new D("1000")).reliable).toBe(true);
  });
});
