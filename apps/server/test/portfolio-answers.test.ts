import { portfolioSummarySchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

describe("the cached portfolio answer", () => {
  it("keeps one body and ETag per cached version while the refresh countdown comes fresh in a header", async () => {
    const me = await confirmedUser(t, "cache@example.de", "CachePass1");
    await me.get("/api/portfolio"); // the page's load
    await me.post("/api/portfolio/refresh", {}); // the user's refresh: the limit starts
    const first = await me.get("/api/portfolio");
    expect(first.status).toBe(200);
    expect(first.json.fromCache).toBe(true);
    const etag = first.headers.get("etag") as string;
    const wait = Number(first.headers.get("x-refresh-available-in"));
    expect(wait).toBeGreaterThan(290);
    expect(wait).toBeLessThanOrEqual(300);

    t.clock.advance(100_000);
    const later = await me.get("/api/portfolio");
    expect(later.headers.get("etag")).toBe(etag);
    expect(later.json).toEqual(first.json);
    // Whole seconds, rounded up: a second may tick between two requests.
    expect(Math.abs(Number(later.headers.get("x-refresh-available-in")) - (wait - 100))).toBeLessThanOrEqual(1);

    const revalidated = await me.get("/api/portfolio", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(Math.abs(Number(revalidated.headers.get("x-refresh-available-in")) - (wait - 100))).toBeLessThanOrEqual(1);

    t.clock.advance(300_000);
    const free = await me.get("/api/portfolio", { "if-none-match": etag });
    expect(free.headers.get("x-refresh-available-in")).toBe("0");
  });

  it("says when the ROI figures are not in the answer, so an empty income is not read as zero", async () => {
    const me = await confirmedUser(t, "roi.pending@example.de", "RoiPending1");
    const wallet = "0x00000000000000000000000000000000000000a1";
    expect((await me.post("/api/wallet-management", { address: wallet, nickname: "Neu" })).status).toBe(200);
    // The chains cannot be reached: the wallet's history was never read, so the income is not known.
    const res = await me.get("/api/portfolio");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ roiIncluded: false, roiTransactions: [], dailyROI: "0" });
  });

  it("names the addresses it could not read, per chain and why, and never passes them off as empty", async () => {
    const me = await confirmedUser(t, "unread@example.de", "Unread1Pass");
    const wallet = "0x00000000000000000000000000000000000000c1";
    expect((await me.post("/api/wallet-management", { address: wallet, nickname: "Offline" })).status).toBe(200);
    const res = await me.get("/api/portfolio");
    expect(res.json.success).toBe(false);
    expect(res.json.readFailures).toEqual([
      { chainId: 369, walletAddresses: [wallet], reason: "unreachable" },
      { chainId: 1, walletAddresses: [wallet], reason: "unreachable" },
    ]);
    expect(res.json.wallets[0].chains).toEqual([
      { chainId: 369, value: "0", readFailure: "unreachable" },
      { chainId: 1, value: "0", readFailure: "unreachable" },
    ]);
  });

  it("answers the summary of the same cached version without the token rows", async () => {
    const me = await confirmedUser(t, "summary@example.de", "Summary1Pass");
    const wallet = "0x00000000000000000000000000000000000000d1";
    expect((await me.post("/api/wallet-management", { address: wallet, nickname: "Karte" })).status).toBe(200);
    const full = await me.get("/api/portfolio");
    const summary = await me.get("/api/portfolio/summary");
    expect(summary.status).toBe(200);
    expect(portfolioSummarySchema.strict().parse(summary.json)).toEqual({
      totalValue: full.json.totalValue,
      tokenCount: full.json.tokenCount,
      walletCount: 1,
      lastUpdated: full.json.lastUpdated,
      fromCache: true,
      stale: full.json.stale,
      fx: full.json.fx,
    });
    expect(summary.json).not.toHaveProperty("tokens");
    expect((await new HttpClient(t.baseUrl).get("/api/portfolio/summary")).status).toBe(401);
  });

  it("has no placeholder fields: no totalCost, no totalTransactionsLoaded", async () => {
    const me = await confirmedUser(t, "fields@example.de", "Fields1Pass");
    const res = await me.get("/api/portfolio");
    expect(res.json).not.toHaveProperty("totalCost");
    expect(res.json.debug).not.toHaveProperty("totalTransactionsLoaded");
  });
});
