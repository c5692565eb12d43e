/**
 * The debug monitor on the devchain: a user with a devchain wallet gets OPERATIONAL with the spec's
 * checks and every upstream up; when the (local) ECB stops, the status turns DEGRADED naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devchain, startDevchain } from "../../../../tools/devchain/src/index.ts";
import { startFakeEcb } from "../providers/fake-ecb.ts";
import type { Fake } from "../providers/fake-http.ts";
import { confirmedUser } from "../support/accounts.ts";
import type { TestServer } from "../support/test-server.ts";
import { startDevchainApp } from "./support/devchain-app.ts";

let devchain: Devchain;
let ecb: Fake & { baseUrl: string };
let t: TestServer;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  devchain = await startDevchain({ chains: [369, 1], bulkTokens: 0 });
  ecb = await startFakeEcb({ from: "2023-12-01", to: today, rateOn: () => "1.0950" });
  t = await startDevchainApp(devchain, { env: { ECB_URL: ecb.baseUrl, ADMIN_EMAILS: "admin@example.de" } });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await ecb?.close();
  await devchain?.stop();
});

describe("the debug monitor on the devchain", () => {
  it("is OPERATIONAL with a devchain wallet, and DEGRADED naming the ECB once it stops", async () => {
    const me = await confirmedUser(t, "debug@example.de", "DebugPass1");
    const wallet = (devchain.chain(369).wallets.users[0] as string).toLowerCase();
    expect((await me.post("/api/wallet-management", { address: wallet, nickname: "A" })).status).toBe(200);
    const res = await me.post("/api/debug/test-system", {});
    expect(res.status).toBe(200);
    expect(res.json.reasons).toEqual([]);
    expect(res.json.status).toBe("OPERATIONAL");
    expect(res.json.checks.length).toBeGreaterThanOrEqual(5);
    const byId = Object.fromEntries(res.json.checks.map((c: { id: string }) => [c.id, c]));
    expect(byId.tokens.ok && byId.value.ok && byId.livePrice.ok).toBe(true);
    expect(res.json.inconsistencies).toEqual([]);
    expect(res.json.portfolio.transactionCount).toBeGreaterThan(0);
    expect(res.json.portfolio.topTokens.length).toBeGreaterThan(0);
    expect(res.json.endpoints.every((e: { ok: boolean }) => e.ok)).toBe(true);

    // The compute-unit monitor: the calls of this user's requests, per endpoint, priced and rated.
    const cu = await me.get("/api/debug/compute-units");
    expect(cu.status).toBe(200);
    expect(cu.json.scope).toBe("user");
    const run = cu.json.byEndpoint.find((e: { endpoint: string }) => e.endpoint === "POST /api/debug/test-system");
    expect(run.calls).toBeGreaterThan(0);
    expect(run.costUsd).toBe((run.units * 0.001).toFixed(3));
    expect(cu.json.recent.length).toBeGreaterThan(0);
    expect(cu.json.recent.length).toBeLessThanOrEqual(10);
    expect(["cache", "optimal", "moderate", "high"]).toContain(cu.json.total.band);
    // Another user sees none of them; an admin sees the installation's.
    const other = await confirmedUser(t, "other.debug@example.de", "OtherPass1");
    expect((await other.get("/api/debug/compute-units")).json.total.calls).toBe(0);
    const admin = await confirmedUser(t, "admin@example.de", "AdminPass1");
    const all = (await admin.get("/api/debug/compute-units")).json;
    expect(all.scope).toBe("installation");
    expect(all.total.calls).toBeGreaterThanOrEqual(cu.json.total.calls);

    await ecb.close();
    const down = await me.post("/api/debug/test-system", {});
    expect(down.json.status).toBe("DEGRADED");
    expect(down.json.reasons).toEqual(["endpoint:ecb"]);
    expect(down.json.endpoints.find((e: { id: string }) => e.id === "ecb")).toMatchObject({
      ok: false,
      name: "ECB reference rates",
    });
  }, 120_000);
});
