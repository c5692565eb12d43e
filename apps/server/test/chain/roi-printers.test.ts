/**
 * Both printer kinds on the devchain, found with no configuration: in January 2025 user 2 is paid PLSX
 * by the printer's distributor (its token answers distributor()) and HEX by the dividend printer's
 * tracker (its token answers dividendTracker()), automatically and when he claims; the reward drop
 * sends him PLSX from a contract no token names. The ROI tracker and the tax report count both
 * printers' payouts as income and the drop as neither.
 */
import { type WalletReportDirectResponse, walletReportDirectResponseSchema } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain, transfersOf } from "../../../../tools/devchain/src/index.ts";
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
let wallet: string;
let distributor: string;
let tracker: string;
let rewardDrop: string;

beforeAll(async () => {
  devchain = await startDevchain({ chains: [369, 1], bulkTokens: 3 });
  ecb = await startFakeEcb({ from: "2023-12-01", to: "2025-03-31", rateOn: () => "1.1000" });
  t = await startDevchainApp(devchain, { env: { ECB_URL: ecb.baseUrl } });
  me = await confirmedUser(t, "printers@example.de", "PrinterPass1");
  const c = devchain.chain(369).contracts;
  wallet = (devchain.chain(369).wallets.users[2] as string).toLowerCase();
  distributor = c.distributor.toLowerCase();
  tracker = c.dividendTracker.toLowerCase();
  rewardDrop = c.rewardDrop.toLowerCase();
}, 240_000);

afterAll(async () => {
  await t?.close();
  await ecb?.close();
  await devchain?.stop();
});

/** The seeded payouts to the wallet in 2025, as the devchain recorded them. */
function seeded2025(from: string): string[] {
  const start = Date.UTC(2025, 0, 1) / 1000;
  return transfersOf(devchain.seeded, 369, wallet)
    .filter((x) => x.to === wallet && x.from === from && x.timestamp >= start)
    .map((x) => x.txHash);
}

describe("both printer kinds, and a look-alike airdrop", () => {
  let roiRows: WalletReportDirectResponse["transactions"] = [];

  it("the tax report counts payouts of both printers as ROI and the reward drop as Unbekannt", async () => {
    // Nothing names a distributor or a tracker to the app.
    expect(t.running.chain.rewardDistributors).toEqual([]);
    const res = await me.post("/api/wallet-report-direct", { walletAddress: wallet, taxYear: 2025 });
    expect(res.status).toBe(200);
    const report = walletReportDirectResponseSchema.parse(res.json);
    const c = devchain.chain(369).contracts;

    roiRows = report.transactions.filter((r) => r.typ === "ROI");
    const bySender = (sender: string) => roiRows.filter((r) => r.from_address.toLowerCase() === sender);
    expect(bySender(distributor).length).toBeGreaterThan(0);
    expect(bySender(tracker).length).toBeGreaterThan(0);
    expect(roiRows.every((r) => [distributor, tracker].includes(r.from_address.toLowerCase()))).toBe(true);
    expect(bySender(distributor).every((r) => r.token_address.toLowerCase() === c.plsx.toLowerCase())).toBe(true);
    expect(bySender(tracker).every((r) => r.token_address.toLowerCase() === c.hex.toLowerCase())).toBe(true);
    for (const r of roiRows) {
      expect(r.steuerpflichtig, r.hash).toBe(true);
      expect(r.wertEUR, r.hash).not.toBeNull();
    }
    // Payout by payout the devchain's record: automatic ones in other people's trades, in his own
    // sell, and his claims.
    const hashes = (rows: { hash: string }[]) => [...new Set(rows.map((r) => r.hash))].sort();
    expect(hashes(bySender(distributor))).toEqual([...new Set(seeded2025(distributor))].sort());
    expect(hashes(bySender(tracker))).toEqual([...new Set(seeded2025(tracker))].sort());
    expect(report.summary.roi).toBe(roiRows.length);

    // The reward drop's PLSX: an airdrop of unknown origin, not income.
    const drops = report.transactions.filter((r) => r.from_address.toLowerCase() === rewardDrop);
    expect(drops.length).toBeGreaterThan(0);
    for (const r of drops) {
      expect(r.typ).toBe("Unbekannt");
      expect(r.steuerpflichtig).toBe("unknown");
      expect(r.token_address.toLowerCase()).toBe(c.plsx.toLowerCase());
    }
    expect(seeded2025(rewardDrop)).toEqual([...new Set(drops.map((r) => r.hash))]);
  }, 180_000);

  it("GET /api/roi lists both printers as sources and not the reward drop", async () => {
    expect(roiRows.length).toBeGreaterThan(0);
    // The tracker's clock a day after the last 2025 payout: its 90-day window covers the month.
    const last = Math.max(...roiRows.map((r) => r.time));
    const offset = (last + 86_400) * 1000 - t.clock.now().getTime();
    t.clock.advance(offset);
    try {
      const saved = await me.post("/api/wallet-management", { address: wallet, nickname: "Printers" });
      expect(saved.status).toBe(200);
      const roi = await me.get("/api/roi");
      expect(roi.status).toBe(200);
      const payouts = roi.json.roiTransactions as {
        hash: string;
        source: string;
        token: string;
        tokenSymbol: string;
        value: string | null;
        timeStamp: number;
      }[];
      const c = devchain.chain(369).contracts;
      const since = last + 86_400 - 90 * 86_400;
      const reportHashes = roiRows
        .filter((r) => r.time > since)
        .map((r) => r.hash)
        .sort();
      expect(payouts.map((p) => p.hash).sort()).toEqual(reportHashes);
      expect(new Set(payouts.map((p) => p.source))).toEqual(new Set([distributor, tracker]));
      expect(payouts.every((p) => p.value !== null)).toBe(true);
      expect(payouts.filter((p) => p.source === tracker).every((p) => p.tokenSymbol === "HEX")).toBe(true);
      expect(Number(roi.json.monthlyROI.usd)).toBeGreaterThan(0);

      const sources = roi.json.bySource as { source: string; tokenSymbol: string; payouts: number }[];
      expect(sources).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ source: distributor, tokenSymbol: "PLSX" }),
          expect.objectContaining({ source: tracker, tokenSymbol: "HEX" }),
        ]),
      );
      expect(sources.map((s) => s.source).sort()).toEqual([distributor, tracker].sort());
      // Each source names the token it pays for and how (the tracker shows "PLSX-Drucker", "HEXP-Dividenden").
      expect(sources).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            source: distributor,
            sourceOwner: { token: c.printer.toLowerCase(), symbol: "PRINT", getter: "distributor" },
          }),
          expect.objectContaining({
            source: tracker,
            sourceOwner: { token: c.dividendPrinter.toLowerCase(), symbol: "HEXP", getter: "dividendTracker" },
          }),
        ]),
      );
      // The drop's transfer is not a payout.
      const dropHashes = new Set(seeded2025(rewardDrop));
      expect(dropHashes.size).toBeGreaterThan(0);
      expect(payouts.some((p) => dropHashes.has(p.hash) || p.source === rewardDrop)).toBe(false);
      expect(payouts.some((p) => p.token === c.plsx.toLowerCase() && p.source !== distributor)).toBe(false);
      expect((await me.request("DELETE", "/api/wallet-management", { id: saved.json.data.id })).status).toBe(200);
    } finally {
      t.clock.advance(-offset);
    }
  }, 180_000);
});
