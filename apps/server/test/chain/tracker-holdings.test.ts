/**
 * CryptoWatch shows the holdings the portfolio shows (docs/product/markets.md, "Tracker"): the native
 * coin, every token however many (a wallet with more than 100), the HEX stakes and the liquidity
 * positions, valued as the portfolio values them.
 */
import { D, type TrackedToken, trackerResponseSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let t: TestServer;
beforeAll(async () => {
  // Each user wallet holds every one of the 110 bulk tokens, besides the story's tokens and A's HEX stake.
  devchain = await startDevchain({ chains: [369, 1], bulkTokens: 110 });
  t = await startDevchainApp(devchain);
}, 300_000);
afterAll(async () => {
  await t?.close();
  await devchain?.stop();
});

interface Holding {
  chainId: number;
  contractAddress: string;
  balance: string;
  value: string;
  isIncludedInPortfolio: boolean;
}
interface Position {
  kind: string;
  chainId: number;
  valueUsd: string | null;
  principal?: string;
  yieldEstimate?: string;
}

const keyOf = (chainId: number, address: string) => `${chainId}:${address}`;

describe("CryptoWatch and the portfolio", () => {
  it("tracks the same holdings the portfolio loads for the wallet, at the portfolio's value", async () => {
    const wallet = (devchain.chain(369).wallets.users[0] as string).toLowerCase();
    const me = await confirmedUser(t, "tracker-holdings@example.de", "TrackerPass1");
    expect((await me.post("/api/wallet-management", { address: wallet, nickname: "A" })).status).toBe(200);
    const portfolio = (await me.get("/api/portfolio")).json;
    expect(portfolio.error, JSON.stringify(portfolio.debug?.problems)).toBeNull();
    const res = await me.get(`/api/tracker?address=${wallet}&timeframe=24h`);
    expect(res.status).toBe(200);
    const body = trackerResponseSchema.parse(res.json);

    // Every token row of the portfolio, the native coins among them, and more than 100 on PulseChain.
    const rows = (kind: TrackedToken["kind"]) => body.tokens.filter((x) => x.kind === kind);
    const tracked = new Map(rows("token").map((x) => [keyOf(x.chainId, x.address), x]));
    const held: Holding[] = portfolio.tokens;
    expect([...tracked.keys()].sort()).toEqual(held.map((h) => keyOf(h.chainId, h.contractAddress)).sort());
    expect(tracked.has("369:native") && tracked.has("1:native")).toBe(true);
    expect(body.counts["369"]).toBeGreaterThan(100);
    for (const h of held) {
      const row = tracked.get(keyOf(h.chainId, h.contractAddress));
      expect(row?.balance, h.contractAddress).toBe(new D(h.balance).toFixed());
      if (h.isIncludedInPortfolio) expect(row?.valueUsd, h.contractAddress).toBe(new D(h.value).toFixed(2));
    }

    // A's HEX stake on PulseChain: principal and yield so far, at its value in the portfolio.
    const positions: Position[] = portfolio.positions;
    const stakes = positions.filter((p) => p.kind === "hex-stake" && p.chainId === 369);
    expect(stakes.length).toBeGreaterThan(0);
    const [stakeRow] = rows("hex-stake").filter((x) => x.chainId === 369);
    const staked = stakes.reduce((s, p) => s.add(p.principal ?? 0).add(p.yieldEstimate ?? 0), new D(0));
    expect(stakeRow?.balance).toBe(staked.toFixed());
    const stakedValue = stakes.reduce((s, p) => s.add(p.valueUsd ?? 0), new D(0));
    expect(new D(stakeRow?.valueUsd ?? 0).sub(stakedValue).abs().lte("0.01")).toBe(true);
    expect(rows("liquidity")).toHaveLength(positions.filter((p) => p.kind === "lp").length);

    // The tracked value is the portfolio's total (each row rounded to the cent; dust the portfolio leaves out).
    const trackedTotal = body.tokens.reduce((s, x) => s.add(x.valueUsd ?? 0), new D(0));
    expect(trackedTotal.sub(portfolio.totalValue).abs().lt(1), `${trackedTotal} vs ${portfolio.totalValue}`).toBe(true);
    // Movers are tokens, never the stake again.
    expect([...body.gainers, ...body.losers].every((x) => x.kind === "token")).toBe(true);
  });
});
