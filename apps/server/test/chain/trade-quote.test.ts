import { D, type Dec } from "@pulsemanager/core";
import { createPublicClient, http, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { routerAbi } from "../../src/chain/dex/uniswap-v2-abi.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { HttpClient } from "../support/http-client.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let t: TestServer;
let me: HttpClient;
let rpc: PublicClient;
beforeAll(async () => {
  devchain = await startDevchain({ chains: [369], bulkTokens: 0 });
  t = await startDevchainApp(devchain, { chains: [369] });
  me = await confirmedUser(t, "trader@example.de", "TraderPass1");
  rpc = createPublicClient({ transport: http(devchain.chain(369).rpcUrl) }) as PublicClient;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await devchain?.stop();
});

const pls = () => devchain.chain(369);
const token = (role: string) => {
  const found = pls().tokens.find((x) => x.role === role);
  if (!found) throw new Error(`no ${role}`);
  return { address: found.address.toLowerCase() as `0x${string}`, decimals: found.decimals };
};
const quote = (from: string, to: string, amount: string, chainId = "369") =>
  me.get(`/api/trade/quote?chainId=${chainId}&from=${from}&to=${to}&amount=${encodeURIComponent(amount)}`);

/** The router's own answer for one path, read directly from the node (null: the router has no pool). */
async function routerOut(router: "v1" | "v2", path: readonly `0x${string}`[], amountIn: bigint, block: bigint) {
  const address = (router === "v1" ? pls().contracts.routerV1 : pls().contracts.routerV2) as `0x${string}`;
  try {
    const amounts = await rpc.readContract({
      address,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [amountIn, path],
      blockNumber: block,
    });
    return amounts[amounts.length - 1] as bigint;
  } catch {
    return null;
  }
}

const baseUnits = (amount: string, decimals: number) => BigInt(new D(amount).mul(new D(10).pow(decimals)).toFixed(0));

describe("GET /api/trade/quote on the devchain", () => {
  it("answers the router's own getAmountsOut, the best of V1 / V2 and of direct / via WPLS", async () => {
    const wpls = token("wpls").address;
    const cases = [
      { from: "hex", to: "plsx", amount: "1000" },
      { from: "dai", to: "hex", amount: "250.5" },
      { from: "plsx", to: "wpls", amount: "1000000" },
      { from: "v1Only", to: "plsx", amount: "3" },
    ];
    for (const c of cases) {
      const from = token(c.from);
      const to = token(c.to);
      const res = await quote(from.address, to.address, c.amount);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const q = res.json;
      const block = BigInt(q.blockNumber);
      const amountIn = baseUnits(c.amount, from.decimals);
      const paths = [[from.address, to.address]];
      if (from.address !== wpls && to.address !== wpls) paths.push([from.address, wpls, to.address]);
      const direct = [];
      for (const router of ["v1", "v2"] as const)
        for (const path of paths) direct.push({ router, path, out: await routerOut(router, path, amountIn, block) });
      const best = direct.reduce((a, b) => ((b.out ?? -1n) > (a.out ?? -1n) ? b : a));
      expect(best.out, c.from).not.toBeNull();
      expect(q.amountOut, `${c.from}->${c.to}`).toBe(
        new D((best.out as bigint).toString()).div(new D(10).pow(to.decimals)).toFixed(),
      );
      expect(q.route).toMatchObject({ router: best.router, path: best.path });
      expect(q.source).toBe(`PulseX ${best.router.toUpperCase()} router ${q.route.routerAddress} on PulseChain (369)`);
      // Every candidate the server lists is the router's own figure.
      expect(q.candidates).toHaveLength(direct.length);
      for (const cand of q.candidates) {
        const mine = direct.find((d) => d.router === cand.router && d.path.join() === cand.path.join());
        const expected = mine?.out ? new D(mine.out.toString()).div(new D(10).pow(to.decimals)).toFixed() : null;
        expect(cand.amountOut).toBe(expected);
      }
    }
  });

  it("takes V1 where only V1 has the pool, and the better router where both have one", async () => {
    const lgcy = await quote(token("v1Only").address, token("wpls").address, "10");
    expect(lgcy.json.route).toMatchObject({ router: "v1", path: [token("v1Only").address, token("wpls").address] });
    const plsx = await quote(token("wpls").address, token("plsx").address, "1000000");
    const outs = plsx.json.candidates.map((c: { router: string; amountOut: string | null }) => [c.router, c.amountOut]);
    expect(
      outs
        .filter(([, out]: [string, string | null]) => out !== null)
        .map(([r]: [string]) => r)
        .sort(),
    ).toEqual(["v1", "v2"]);
    const max = plsx.json.candidates.reduce(
      (a: Dec, c: { amountOut: string | null }) => (c.amountOut && new D(c.amountOut).gt(a) ? new D(c.amountOut) : a),
      new D(0),
    );
    expect(plsx.json.amountOut).toBe(max.toFixed());
  });

  it("quotes PLS as WPLS and the price impact grows with the amount", async () => {
    const hex = token("hex").address;
    const impacts: number[] = [];
    // Typed with thousands separators: the server reads the exact decimal.
    for (const amount of ["1000", "10.000.000", "1.000.000.000"]) {
      const res = await quote("native", hex, amount);
      expect(res.status).toBe(200);
      expect(res.json.from).toMatchObject({ address: "native", symbol: "PLS", decimals: 18 });
      expect(res.json.amountIn).toBe(amount.replaceAll(".", ""));
      expect(res.json.route.path[0]).toBe(token("wpls").address);
      impacts.push(Number(res.json.priceImpact));
    }
    // A tiny trade pays about the 0.3 % fee; a billion PLS moves the 3B PLS pool by far more.
    expect(impacts[0]).toBeGreaterThan(0.29);
    expect(impacts[0]).toBeLessThan(0.31);
    expect(impacts[1]).toBeGreaterThan(impacts[0] as number);
    expect(impacts[2]).toBeGreaterThan(20);
    expect(impacts[2]).toBeGreaterThan(impacts[1] as number);
  });

  it("answers every bad input with its own code and message (400, never 500)", async () => {
    const hex = token("hex").address;
    const plsx = token("plsx").address;
    const user = pls().wallets.users[0] as string;
    const cases: [string, string][] = [
      [`/api/trade/quote?chainId=1&from=${hex}&to=${plsx}&amount=1`, "TRADE_UNSUPPORTED_CHAIN"],
      [`/api/trade/quote?chainId=abc&from=${hex}&to=${plsx}&amount=1`, "TRADE_UNSUPPORTED_CHAIN"],
      [`/api/trade/quote?from=${hex}&to=${plsx}&amount=1`, "TRADE_UNSUPPORTED_CHAIN"],
      [`/api/trade/quote?chainId=369&from=0x123&to=${plsx}&amount=1`, "TRADE_INVALID_TOKEN"],
      [`/api/trade/quote?chainId=369&from=${hex}&amount=1`, "TRADE_INVALID_TOKEN"],
      [
        `/api/trade/quote?chainId=369&from=${hex}&to=${hex.toUpperCase().replace("0X", "0x")}&amount=1`,
        "TRADE_SAME_TOKEN",
      ],
      [`/api/trade/quote?chainId=369&from=native&to=${token("wpls").address}&amount=1`, "TRADE_SAME_TOKEN"],
      [`/api/trade/quote?chainId=369&from=${hex}&to=${plsx}&amount=0`, "TRADE_INVALID_AMOUNT"],
      [`/api/trade/quote?chainId=369&from=${hex}&to=${plsx}&amount=-5`, "TRADE_INVALID_AMOUNT"],
      [`/api/trade/quote?chainId=369&from=${hex}&to=${plsx}&amount=`, "TRADE_INVALID_AMOUNT"],
      [`/api/trade/quote?chainId=369&from=${hex}&to=${plsx}&amount=1e5`, "NUMBER_INVALID"],
      [`/api/trade/quote?chainId=369&from=${hex}&to=${plsx}&amount=abc`, "NUMBER_INVALID"],
      [`/api/trade/quote?chainId=369&from=${hex}&to=${plsx}&amount=1.23.4`, "NUMBER_GROUPING"],
      [`/api/trade/quote?chainId=369&from=${hex}&to=${plsx}&amount=1.123456789`, "TRADE_TOO_MANY_DECIMALS"],
      [`/api/trade/quote?chainId=369&from=${plsx}&to=${hex}&amount=0.0000000000000000001`, "TRADE_TOO_MANY_DECIMALS"],
      [`/api/trade/quote?chainId=369&from=${user}&to=${hex}&amount=1`, "TRADE_UNKNOWN_TOKEN"],
      [`/api/trade/quote?chainId=369&from=${token("forkUsdc").address}&to=${hex}&amount=1`, "TRADE_NO_ROUTE"],
    ];
    for (const [path, code] of cases) {
      const res = await me.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json.error.code, path).toBe(code);
      expect(res.json.error.message.length, path).toBeGreaterThan(10);
    }
  });

  it("needs a session", async () => {
    const res = await fetch(`${t.baseUrl}/api/trade/quote?chainId=369&from=native&to=${token("hex").address}&amount=1`);
    expect(res.status).toBe(401);
  });
});

describe("quote limit", () => {
  it("answers 429 after 30 quotes a minute that ask the chain (bad input does not count)", async () => {
    const me2 = await confirmedUser(t, "busy.trader@example.de", "TraderPass1");
    t.clock.startOfNextWindow(60);
    const hex = token("hex").address;
    for (let i = 0; i < 5; i++) {
      expect((await me2.get(`/api/trade/quote?chainId=369&from=native&to=${hex}&amount=0`)).status).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await me2.get(`/api/trade/quote?chainId=369&from=native&to=${hex}&amount=${i + 1}`)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const last = await me2.get(`/api/trade/quote?chainId=369&from=native&to=${hex}&amount=1`);
    expect(last.status).toBe(429);
    expect(last.json.error.code).toBe("TOO_MANY_REQUESTS");
    expect(statuses[30]).toBe(429);
  });
});
