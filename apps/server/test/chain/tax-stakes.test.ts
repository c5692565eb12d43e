/**
 * The HEX stake rule in the wallet report on the devchain (docs/product/tax-report.md, "HEX stakes"):
 * C's stake start (2025) and its end (sent here) are no disposals: the staked lots come back with
 * their dates and costs, and only the yield the stake contract's StakeEnd event names is income.
 */
import {
  D,
  decodeStakeEnd,
  fromBaseUnits,
  STAKE_END_TOPIC,
  walletReportDirectResponseSchema,
} from "@pulsemanager/core";
import { createPublicClient, createWalletClient, http, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArtifacts } from "../../../../tools/devchain/src/artifacts.ts";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { startFakeEcb } from "../providers/fake-ecb.ts";
import type { Fake } from "../providers/fake-http.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { HttpClient } from "../support/http-client.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let ecb: Fake & { baseUrl: string };
let t: TestServer;
let me: HttpClient;
let wallet: `0x${string}`;

beforeAll(async () => {
  devchain = await startDevchain({ chains: [369] });
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
  ecb = await startFakeEcb({ from: "2023-12-01", to: nextYear, rateOn: () => "1.1000" });
  t = await startDevchainApp(devchain, { env: { ECB_URL: ecb.baseUrl } });
  me = await confirmedUser(t, "stakes@example.de", "StakesPass1");
  // C of the story staked 2,000 HEX for 5 days on 2025-02-02 (tools/devchain, "HEX stakes").
  wallet = (devchain.chain(369).wallets.users[2] as string).toLowerCase() as `0x${string}`;
}, 240_000);

afterAll(async () => {
  await t?.close();
  await ecb?.close();
  await devchain?.stop();
});

async function report(year: number) {
  const res = await me.post("/api/wallet-report-direct", { walletAddress: wallet, taxYear: year });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return walletReportDirectResponseSchema.parse(res.json);
}

/** C ends his stake: the StakeEnd event's figures and the block's year. */
async function endStake(client: PublicClient) {
  const c = devchain.chain(369);
  const sender = createWalletClient({ account: wallet, transport: http(c.rpcUrl) });
  const hash = await sender.writeContract({
    address: c.contracts.hexStakes as `0x${string}`,
    abi: loadArtifacts().own.HexStakes.abi,
    functionName: "stakeEnd",
    args: [0n, 1],
    chain: null,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  const log = receipt.logs.find((l) => l.topics[0] === STAKE_END_TOPIC);
  const data = (log?.data ?? "0x").slice(2);
  const end = decodeStakeEnd(BigInt(`0x${data.slice(0, 64)}`), BigInt(`0x${data.slice(64, 128)}`));
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  return { hash, end, year: new Date(Number(block.timestamp) * 1000).getUTCFullYear() };
}

describe("HEX stakes in the wallet report", () => {
  it("starting the stake moves C's HEX lots into the stake; ending it brings the same lots back and only the yield is income", async () => {
    const at2025 = await report(2025);
    const start = at2025.transactions.find((r) => r.description.key === "stakeStart");
    expect(start, JSON.stringify(at2025.transactions.map((r) => [r.typ, r.beschreibung]))).toMatchObject({
      typ: "Transfer",
      steuerpflichtig: false,
      amount: "2000",
      from_address: wallet,
      to_address: `${wallet} (HEX-Stake 1)`,
    });
    expect(start?.lots.length).toBeGreaterThan(0);
    for (const lot of start?.lots ?? []) {
      expect(lot.use).toBe("moved");
      expect(lot.acquired, JSON.stringify(lot)).not.toBeNull();
      expect((lot.acquired as string) < "2025-02-02").toBe(true);
    }
    // Nothing of the stake counts as a disposal or a give-away.
    expect(at2025.transactions.filter((r) => r.hash === start?.hash).map((r) => r.typ)).toEqual(["Transfer"]);

    const client = createPublicClient({ transport: http(devchain.chain(369).rpcUrl) }) as PublicClient;
    const ended = await endStake(client);
    expect(ended.end.payout).toBeGreaterThan(0n);
    const later = await report(ended.year);
    const rows = later.transactions.filter((r) => r.hash === ended.hash);
    expect(rows.map((r) => [r.typ, r.description.key, r.amount])).toEqual([
      ["Transfer", "stakeEnd", "2000"],
      ["ROI", "stakeYield", fromBaseUnits(ended.end.payout, 8).toFixed()],
    ]);
    const back = rows[0]?.lots.map((l) => [l.acquired, l.amount, l.cost]);
    expect(back).toEqual(start?.lots.map((l) => [l.acquired, l.amount, l.cost]));
    const income = rows[1];
    expect(income?.wertEUR, JSON.stringify(income)).not.toBeNull();
    expect(income?.steuerpflichtig).toBe(true);
    expect(new D(later.years[String(ended.year)]?.exact.income22 ?? "0").gte(income?.wertEUR as string)).toBe(true);
    // The staked HEX is C's again: an open lot of the wallet, none left in the stake.
    expect(later.holdings.some((h) => h.wallet.includes("HEX-Stake"))).toBe(false);
  }, 240_000);
});
