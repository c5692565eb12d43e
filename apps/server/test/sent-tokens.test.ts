import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.ts";
import { transfers } from "../src/db/schema.ts";
import { sentKey, sentTokens } from "../src/portfolio/sent-tokens.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE, smtp: false });
});
afterAll(async () => {
  await t?.close();
});

const WALLET = "0x00000000000000000000000000000000000000d1";
const OTHER = "0x00000000000000000000000000000000000000d2";
const SOLD = "0x00000000000000000000000000000000000000e1";
const AIRDROP = "0x00000000000000000000000000000000000000e2";

describe("tokens a wallet ever sent", () => {
  it("are found in the stored history per chain and wallet; a token only received is not among them", async () => {
    const db = createDb(t.running.database.pool);
    const row = (n: number, from: string, to: string, token: string, chainId = 369) => ({
      chainId,
      txHash: `0x${n.toString(16).padStart(64, "0")}`,
      kind: "l",
      logIndex: 0,
      blockNumber: n,
      timestamp: 1_700_000_000 + n,
      fromAddress: from,
      toAddress: to,
      token,
      amount: "1000",
      fee: "0",
      source: "test",
    });
    await db.insert(transfers).values([
      row(1, OTHER, WALLET, SOLD),
      row(2, WALLET, OTHER, SOLD),
      row(3, OTHER, WALLET, AIRDROP),
      // Sent on the other chain only: does not count on this one.
      row(4, WALLET, OTHER, AIRDROP, 1),
    ]);
    const sent = await sentTokens(db, 369, [
      { wallet: WALLET, address: SOLD },
      { wallet: WALLET, address: AIRDROP },
    ]);
    expect([...sent]).toEqual([sentKey(WALLET, SOLD)]);
    expect(await sentTokens(db, 369, [])).toEqual(new Set());
  });
});
