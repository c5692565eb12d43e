import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const SECRET = "s3cr3t-api-key-4711";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    env: {
      ...OFFLINE,
      PULSECHAIN_RPC_URL: `http://127.0.0.1:9/rpc?apikey=${SECRET}`,
      ETHEREUM_RPC_URL: `http://127.0.0.1:9/v2/${SECRET}`,
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("POST /api/debug/test-system", () => {
  it("says DEGRADED and names the upstreams that are down, without a URL or key in the answer", async () => {
    const anna = await confirmedUser(t, "anna.debug@example.de", "AnnaPass1");
    const res = await anna.post("/api/debug/test-system", {});
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("DEGRADED");
    expect(res.json.reasons).toEqual(expect.arrayContaining(["endpoint:rpc-369", "endpoint:rpc-1"]));
    const names = res.json.endpoints.map((e: { name: string; ok: boolean }) => [e.name, e.ok]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["PulseChain Mainnet RPC", false],
        ["Ethereum Mainnet RPC", false],
      ]),
    );
    // No ECB configured (offline): nothing to ask, so it is not listed as down.
    expect(names.map(([name]: [string]) => name)).not.toContain("ECB reference rates");
    expect(res.json.checks.length).toBeGreaterThanOrEqual(5);
    const text = JSON.stringify(res.json);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("127.0.0.1:9");
  });

  it("checks only the user's own data, and is rate limited", async () => {
    const ben = await confirmedUser(t, "ben.debug@example.de", "BenPass12");
    const carl = await confirmedUser(t, "carl.debug@example.de", "CarlPass1");
    expect((await ben.post("/api/wallet-management", { address: `0x${"ab".repeat(20)}`, nickname: "B" })).status).toBe(
      200,
    );
    const mine = await carl.post("/api/debug/test-system", {});
    expect(mine.status).toBe(200);
    expect(mine.json.portfolio).toMatchObject({ tokenCount: 0, transactionCount: 0, totalValue: "0.00" });
    expect(JSON.stringify(mine.json)).not.toContain("ab".repeat(20));
    // At the start of a fresh one-minute window: five more runs pass, the seventh is refused.
    t.clock.startOfNextWindow(60);
    for (let i = 0; i < 6; i++) expect((await carl.post("/api/debug/test-system", {})).status).toBe(200);
    const limited = await carl.post("/api/debug/test-system", {});
    expect(limited.status).toBe(429);
    expect(limited.json.error.retryAfterSeconds).toBeGreaterThan(0);
  });
});
