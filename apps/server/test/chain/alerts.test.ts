/**
 * The alerts on the devchain's story (docs/product/alerts.md), each run by the owner's "run now" with
 * the clock of the day it is about: C's HEX stake (2,000 HEX for 5 days from 2025-02-03) the day before
 * its end, mailed once and not again after a restart; C's HEXP dividends, paid every week in January 2025,
 * stopping; C's lots turning tax-free; the year's §22 income crossing 200 EUR; a big move of a watched
 * token after a swap on its pool.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { startEmbeddedDatabase } from "../../src/db/engine.ts";
import { startFakeEcb } from "../providers/fake-ecb.ts";
import type { Fake } from "../providers/fake-http.ts";
import { confirmedUser } from "../support/accounts.ts";
import { HttpClient } from "../support/http-client.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../support/test-database.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

const EMAIL = "alerts.owner@example.de";
const PASSWORD = "AlertsPass1";

let devchain: Devchain;
let ecb: Fake & { baseUrl: string };
let database: TestDatabase;
let dataDir: string | undefined;
let t: TestServer;
let me: HttpClient;
let wallet: string;

/** A database that outlives the app (PGlite on disk, or PostgreSQL), so the app can be restarted on it. */
async function lastingDatabase(): Promise<TestDatabase> {
  if (testEngine !== "pglite") return createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), "pm-alerts-"));
  dataDir = dir;
  return { handle: () => startEmbeddedDatabase(dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function startApp(): Promise<TestServer> {
  return startDevchainApp(devchain, { database, env: { ECB_URL: ecb.baseUrl, ADMIN_EMAILS: EMAIL } });
}

async function signIn(server: TestServer): Promise<HttpClient> {
  const client = new HttpClient(server.baseUrl);
  const res = await client.post("/api/auth/sign-in/email", { email: EMAIL, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  // Both chains: a chain whose history cannot be read makes the income alerts wait (docs/product/alerts.md).
  devchain = await startDevchain({ chains: [369, 1] });
  ecb = await startFakeEcb({
    from: "2023-12-01",
    to: `${new Date().getUTCFullYear() + 1}-12-31`,
    rateOn: () => "1.1000",
  });
  database = await lastingDatabase();
  t = await startApp();
  me = await confirmedUser(t, EMAIL, PASSWORD);
  wallet = (devchain.chain(369).wallets.users[2] as string).toLowerCase();
  const added = await me.post("/api/wallet-management", { address: wallet, nickname: "C", blockchain: "pulsechain" });
  expect(added.status).toBeLessThan(300);
}, 300_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
  await ecb?.close();
  await devchain?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function run(client: HttpClient, scope: "daily" | "prices", at: string) {
  const res = await client.post("/api/debug/alerts", { scope, at });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { users: number; stored: number; mails: number; failures: number };
}

/** Mails to the test user in the running app's inbox. */
const mailsTo = () => (t.inbox?.mails ?? []).filter((m) => m.to === EMAIL && !m.subject.startsWith("Bestätige"));

interface Listed {
  id: string;
  facts: { kind: string; [k: string]: unknown };
}
async function notifications(): Promise<Listed[]> {
  return (await me.get("/api/notifications")).json.notifications;
}

/** Sends a transaction from an unlocked devchain account in a block of the given time. */
async function sendAt(time: string, tx: { from: string; to: string; data?: `0x${string}`; value?: bigint }) {
  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(devchain.chain(369).rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result;
  };
  await rpc("evm_setNextBlockTimestamp", [Math.floor(Date.parse(time) / 1000)]);
  const value = tx.value === undefined ? undefined : `0x${tx.value.toString(16)}`;
  const hash = await rpc("eth_sendTransaction", [{ ...tx, value, gas: "0x16e360" }]);
  await rpc("evm_mine", []);
  const receipt = (await rpc("eth_getTransactionReceipt", [hash])) as { status: string };
  expect(receipt.status).toBe("0x1");
}

describe("alerts on the devchain", () => {
  it("mails a stake that ends tomorrow once: not again in a second run, nor after a restart", async () => {
    const first = await run(me, "daily", "2025-02-07");
    expect(first.mails).toBe(1);
    const [mail] = mailsTo();
    expect(mail?.text).toContain("== HEX-Stake endet morgen ==");
    expect(mail?.text).toContain(`Stake 1 in ${wallet.slice(0, 6)}…${wallet.slice(-4)}, PulseChain`);
    expect(mail?.text).toContain("Einsatz 2.000 HEX");
    expect(mail?.text).toContain("Endet am 08.02.2025. Ohne Strafe beendest du ihn bis einschließlich 22.02.2025.");
    expect(mail?.html).toContain("HEX-Stake endet morgen");
    const stake = (await notifications()).find((n) => n.facts.kind === "hexStake");
    expect(stake?.facts).toMatchObject({ step: "day", stakeId: "1", principalHex: "2000", endDate: "2025-02-08" });

    expect(await run(me, "daily", "2025-02-07")).toMatchObject({ stored: 0, mails: 0 });
    await t.close({ graceful: true });
    t = await startApp();
    me = await signIn(t);
    expect(await run(me, "daily", "2025-02-07")).toMatchObject({ stored: 0, mails: 0 });
    expect(mailsTo()).toEqual([]);
    expect((await notifications()).filter((n) => n.facts.kind === "hexStake")).toHaveLength(1);
  }, 240_000);

  it("tells when a printer that paid every week has paid nothing for 14 days", async () => {
    // C's HEXP dividends: 6, 11, 19, 22, 30 January and 1 February 2025, then nothing.
    const tracker = devchain.chain(369).contracts.dividendTracker.toLowerCase();
    await run(me, "daily", "2025-02-16");
    const stopped = (await notifications()).find((n) => n.facts.kind === "incomeStopped");
    expect(stopped?.facts).toMatchObject({ source: tracker, symbol: "HEXP", lastPayoutDate: "2025-02-01" });
    expect(mailsTo().at(-1)?.text).toContain("HEXP zahlt nicht mehr");
    // The weekly summaries: 27 January to 2 February, then 3 to 9 February (nothing paid) beside it.
    const weeks = (await notifications()).filter((n) => n.facts.kind === "incomeWeekly").map((n) => n.facts.weekStart);
    expect(weeks).toEqual(["2025-02-03", "2025-01-27"]);
  }, 240_000);

  it("warns when the year's other income reaches 200 EUR, with the room left before 256 EUR", async () => {
    const c = devchain.chain(369);
    const payer = c.wallets.deployer;
    // An income source pays C 240 DAI (bridged DAI: 1 USD, 1.10 USD per EUR) and C says it is income.
    const amount = (240n * 10n ** 18n).toString(16).padStart(64, "0");
    const data = `0xa9059cbb${wallet.slice(2).padStart(64, "0")}${amount}` as `0x${string}`;
    await sendAt("2025-06-02T10:00:00Z", { from: payer, to: c.contracts.dai, data });
    const choice = await me.request("PUT", "/api/income-choices", { chainId: 369, address: payer, income: true });
    expect(choice.status).toBe(200);
    await run(me, "daily", "2025-06-03");
    const found = (await notifications()).find((n) => n.facts.kind === "freigrenze");
    const planned = (await me.get("/api/tax/open-lots?at=2025-06-03")).json.room;
    expect(found?.facts).toMatchObject({ year: 2025, incomeEur: planned.income22, roomEur: planned.room22 });
    expect(Number(planned.income22)).toBeGreaterThanOrEqual(218.18);
    expect(Number(planned.room22)).toBeGreaterThan(0);
    expect(mailsTo().at(-1)?.text).toContain(`Freigrenze 2025: ${planned.income22.replace(".", ",")} € von 256,00 €`);
  }, 240_000);

  it("announces C's HEXP turning tax-free, in English once he uses the app in English", async () => {
    await me.request("PUT", "/api/settings", { language: "en" });
    await run(me, "daily", "2025-12-30");
    const found = (await notifications()).find((n) => n.facts.kind === "taxFree");
    expect(found?.facts).toMatchObject({ date: "2026-01-04", symbol: "HEXP", wallet });
    expect(Number(found?.facts.valueEur)).toBeGreaterThanOrEqual(100);
    const mail = mailsTo().at(-1);
    expect(mail?.subject).toBe("HEXP turns tax-free on 01/04/2026");
    expect(mail?.text).toContain("Unsubscribe from this kind (Tax-free dates)");
    await me.request("PUT", "/api/settings", { language: "de" });
  }, 240_000);

  it("reports a watched token crossing its level after a swap on its pool, once that day", async () => {
    const c = devchain.chain(369);
    const plsx = c.contracts.plsx.toLowerCase();
    // 500M PLS buy PLSX on its V2 pool (2B PLS deep): PLSX rises from 0.00002 USD by about half.
    const path = `${c.contracts.wpls.slice(2).toLowerCase().padStart(64, "0")}${plsx.slice(2).padStart(64, "0")}`;
    const call = [
      "0x7ff36ab5", // swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)
      "0".padStart(64, "0"),
      (128).toString(16).padStart(64, "0"),
      c.wallets.deployer.slice(2).toLowerCase().padStart(64, "0"),
      (2n ** 40n).toString(16).padStart(64, "0"),
      "2".padStart(64, "0"),
      path,
    ].join("") as `0x${string}`;
    // The market's 24 hours end now: the swap is the chain's newest block, the day before it the story's last.
    const now = new Date();
    await sendAt(now.toISOString(), {
      from: c.wallets.deployer,
      to: c.contracts.routerV2,
      data: call,
      value: 500_000_000n * 10n ** 18n,
    });

    expect((await me.post("/api/watchlist", { chainId: 369, address: plsx })).status).toBe(201);
    const settings = (await me.get("/api/notifications/settings")).json;
    const levels = [{ chainId: 369, address: plsx, aboveUsd: "0.000025", belowUsd: null }];
    const saved = await me.request("PUT", "/api/notifications/settings", {
      ...settings,
      watchlist: { ...settings.watchlist, levels },
    });
    expect(saved.status).toBe(200);
    const first = await run(me, "prices", now.toISOString());
    expect(first.mails).toBe(1);
    const found = (await notifications()).find((n) => n.facts.kind === "watchlist");
    expect(found?.facts).toMatchObject({ reason: "above", levelUsd: "0.000025", symbol: "PLSX", address: plsx });
    expect(Number(found?.facts.priceUsd)).toBeGreaterThan(0.000025);
    expect(mailsTo().at(-1)?.text).toContain("== PLSX über 0,000025 USD ==");
    expect(await run(me, "prices", new Date(now.getTime() + 15 * 60_000).toISOString())).toMatchObject({
      stored: 0,
      mails: 0,
    });
  }, 240_000);
});
