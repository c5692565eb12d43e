import { WATCHLIST_LIMIT } from "@pulsemanager/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "./support/accounts.ts";
import { type BillingTestServer, startBillingServer } from "./support/billing.ts";
import { OFFLINE } from "./support/offline.ts";

/** Limits hold when a user sends many adds at once (each add counts under the user's lock). */
let t: BillingTestServer;
beforeAll(async () => {
  t = await startBillingServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

const addressNo = (i: number) => `0x${(i + 1).toString(16).padStart(40, "0")}`;

describe("limits under parallel requests", () => {
  it("a lapsed trial adding 10 wallets at once keeps one active wallet", async () => {
    const me = await confirmedUser(t, "parallel-basic@example.de", "ParallelPass1");
    t.clock.advance(4 * 86_400_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        me.post("/api/wallet-management", { address: addressNo(i), nickname: `w${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe("PREMIUM_REQUIRED");
    }
    expect((await me.get("/api/wallet-management")).json.data).toHaveLength(1);
  });

  it("the same new address added 5 times at once gives one wallet and no error", async () => {
    const me = await confirmedUser(t, "parallel-same@example.de", "ParallelPass1");
    const address = addressNo(500);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => me.post("/api/wallet-management", { address, nickname: "same" })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json.status === "created")).toHaveLength(1);
    expect(answers.filter((a) => a.json.status === "updated_existing")).toHaveLength(4);
    expect((await me.get("/api/wallet-management")).json.data).toHaveLength(1);
  });

  it("120 watchlist adds at once fill the list to exactly its limit", { timeout: 90_000 }, async () => {
    const me = await confirmedUser(t, "parallel-watch@example.de", "ParallelPass1");
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => me.post("/api/watchlist", { chainId: 369, address: addressNo(1000 + i) })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(WATCHLIST_LIMIT);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(120 - WATCHLIST_LIMIT);
    for (const r of refused) expect(r.json.error.code).toBe("WATCHLIST_FULL");
    expect((await me.get("/api/watchlist")).json.tokens).toHaveLength(WATCHLIST_LIMIT);
  });
});
