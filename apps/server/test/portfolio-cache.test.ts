import type { RoiResult } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.ts";
import { PortfolioCache } from "../src/portfolio/portfolio-cache.ts";
import { REFRESH_ATTEMPTS } from "../src/portfolio/routes.ts";
import { saveWallet } from "../src/wallets/wallet-store.ts";
import { confirmedUser } from "./support/accounts.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

/** A ROI source whose first call waits until released: holds a portfolio load in flight. */
function heldFirstCall() {
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const held = new Promise<null>((resolve) => {
    release = () => resolve(null);
  });
  let calls = 0;
  const roi = (): Promise<RoiResult | null> => {
    calls += 1;
    if (calls > 1) return Promise.resolve(null);
    entered();
    return held;
  };
  return { roi, reached, release: () => release() };
}

describe("the portfolio after a wallet change", () => {
  it("shows a wallet added while an older load was running, also on the next read", async () => {
    const me = await confirmedUser(t, "first.wallet@example.de", "FirstWallet1");
    const userId = (await me.get("/api/me")).json.user.id as string;
    const db = createDb(t.running.database.pool);
    const gate = heldFirstCall();
    const cache = new PortfolioCache({ db, chain: t.running.chain, now: t.clock.now, roi: gate.roi }, 0);

    // The page's first read has seen no wallet and is still running when the wallet is added.
    const older = cache.get(userId);
    await gate.reached;
    const address = "0x00000000000000000000000000000000000000b2";
    await saveWallet(db, { userId, address, chainId: 369, nickname: "Erste", now: t.clock.now(), maxActive: 10 });
    await cache.invalidate(userId);

    const afterAdd = await cache.get(userId);
    expect(afterAdd.walletCount).toBe(1);
    gate.release();
    expect((await older).walletCount).toBe(0);
    // The older answer (no wallet) was not stored over the newer one.
    const reload = await cache.get(userId);
    expect(reload.walletCount).toBe(1);
    expect(reload.wallets[0]?.address).toBe(address);
  });

  it("does not store a load over a wallet change made by another process", async () => {
    const me = await confirmedUser(t, "other.process@example.de", "OtherProcess1");
    const userId = (await me.get("/api/me")).json.user.id as string;
    const db = createDb(t.running.database.pool);
    const gate = heldFirstCall();
    const here = new PortfolioCache({ db, chain: t.running.chain, now: t.clock.now, roi: gate.roi }, 0);
    const elsewhere = new PortfolioCache({ db, chain: t.running.chain, now: t.clock.now }, 0);

    // This process's load runs with no wallet; another process adds one and invalidates its own cache.
    const older = here.get(userId);
    await gate.reached;
    const address = "0x00000000000000000000000000000000000000b7";
    await saveWallet(db, { userId, address, chainId: 369, nickname: "Andere", now: t.clock.now(), maxActive: 10 });
    await elsewhere.invalidate(userId);
    gate.release();
    expect((await older).walletCount).toBe(0);
    // The older answer was not stored: the next read of either process loads the wallet.
    expect((await elsewhere.get(userId)).walletCount).toBe(1);
  });

  it("shows an added and a removed wallet at once through the API", async () => {
    const me = await confirmedUser(t, "add.remove@example.de", "AddRemove1");
    expect((await me.get("/api/portfolio")).json.walletCount).toBe(0);
    const added = await me.post("/api/wallet-management", {
      address: "0x00000000000000000000000000000000000000b3",
      nickname: "Neu",
    });
    expect(added.status).toBe(200);
    expect((await me.get("/api/portfolio")).json.walletCount).toBe(1);
    expect((await me.delete("/api/wallet-management", { id: added.json.data.id })).status).toBe(200);
    expect((await me.get("/api/portfolio")).json.walletCount).toBe(0);
  });
});

describe("the refresh limit", () => {
  it("is not started by the page's own load nor by a refresh that could not read everything", async () => {
    const me = await confirmedUser(t, "refresh.limit@example.de", "RefreshLimit1");
    const first = await me.get("/api/portfolio");
    expect(first.headers.get("x-refresh-available-in")).toBe("0");

    // The user's own refresh right after arriving runs; it read everything, so the limit starts.
    const refreshed = await me.post("/api/portfolio/refresh", {});
    expect(refreshed.status).toBe(200);
    expect(Number(refreshed.headers.get("x-refresh-available-in"))).toBeGreaterThan(290);
    const tooSoon = await me.post("/api/portfolio/refresh", {});
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.error.retryAfterSeconds).toBeGreaterThan(290);

    // A wallet whose chains cannot be reached: the refresh fails to read and may be tried again at once.
    t.clock.advance(301_000);
    const wallet = { address: "0x00000000000000000000000000000000000000b4", nickname: "Offline" };
    expect((await me.post("/api/wallet-management", wallet)).status).toBe(200);
    const failed = await me.post("/api/portfolio/refresh", {});
    expect(failed.status).toBe(200);
    expect(failed.json.success).toBe(false);
    expect(failed.headers.get("x-refresh-available-in")).toBe("0");
    expect((await me.post("/api/portfolio/refresh", {})).status).toBe(200);
  });

  it("counts every attempt: a wallet that never reads is no way to refresh without end", async () => {
    const me = await confirmedUser(t, "refresh.attempts@example.de", "RefreshAttempts1");
    const wallet = { address: "0x00000000000000000000000000000000000000b6", nickname: "Offline" };
    expect((await me.post("/api/wallet-management", wallet)).status).toBe(200);
    // Each refresh waits out the unreachable node: the attempts must not straddle a window boundary.
    t.clock.startOfNextWindow(REFRESH_ATTEMPTS.windowSeconds);
    const answers: number[] = [];
    for (let i = 0; i <= REFRESH_ATTEMPTS.max; i++) answers.push((await me.post("/api/portfolio/refresh", {})).status);
    expect(answers).toEqual([...Array(REFRESH_ATTEMPTS.max).fill(200), 429]);
  }, 120_000);

  it("survives a wallet change: removing and adding a wallet is no way around it", async () => {
    const me = await confirmedUser(t, "refresh.keep@example.de", "RefreshKeep1");
    expect((await me.post("/api/portfolio/refresh", {})).status).toBe(200);
    const wallet = { address: "0x00000000000000000000000000000000000000b5", nickname: "Zweite" };
    const added = await me.post("/api/wallet-management", wallet);
    expect(added.status).toBe(200);
    expect((await me.delete("/api/wallet-management", { id: added.json.data.id })).status).toBe(200);
    expect((await me.post("/api/portfolio/refresh", {})).status).toBe(429);
  });
});

describe("a stored portfolio that could not read every wallet", () => {
  it("is read again after the given seconds for a caller that promised so (the held movers), else kept", async () => {
    const me = await confirmedUser(t, "unread.again@example.de", "UnreadAgain1");
    const userId = (await me.get("/api/me")).json.user.id as string;
    const db = createDb(t.running.database.pool);
    const address = "0x00000000000000000000000000000000000000b8";
    await saveWallet(db, { userId, address, chainId: 369, nickname: "Offline", now: t.clock.now(), maxActive: 10 });
    const cache = new PortfolioCache({ db, chain: t.running.chain, now: t.clock.now }, 0);

    const first = await cache.get(userId);
    expect(first.readFailures.length).toBeGreaterThan(0);
    expect((await cache.get(userId, { retryUnreadAfterSeconds: 30 })).fromCache).toBe(true);
    t.clock.advance(30_000);
    // The held movers' read loads again; the portfolio page's own read keeps the stored result.
    expect((await cache.get(userId)).fromCache).toBe(true);
    expect((await cache.get(userId, { retryUnreadAfterSeconds: 30 })).fromCache).toBe(false);
  }, 60_000);
});
