/**
 * Reads that cost upstream calls are limited per user (the tracker, token pages, the transaction
 * inspector's first page, NFT images): beyond the budget a 429 TOO_MANY_REQUESTS with the seconds to
 * wait; another user keeps their own budget.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_PAGES } from "../src/market/routes.ts";
import { TRACKER_LOOKUPS } from "../src/market/tracker-routes.ts";
import { NFT_IMAGES } from "../src/positions/nft-image-routes.ts";
import type { UserRateRule } from "../src/rate-limit/per-user-limit.ts";
import { confirmedUser } from "./support/accounts.ts";
import type { HttpClient } from "./support/http-client.ts";
import { OFFLINE } from "./support/offline.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const WALLET = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const TOKEN = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: OFFLINE });
});
afterAll(async () => {
  await t?.close();
});

let users = 0;
async function freshUser(): Promise<HttpClient> {
  users += 1;
  return confirmedUser(t, `reader${users}@example.de`, "ReaderPass1");
}

/**
 * `max` requests pass the limit (whatever they answer), the one more is a 429 with the wait. Sent at once:
 * the counter stays exact, and the lookups join one upstream read instead of waiting for each other.
 */
async function expectLimited(rule: Pick<UserRateRule, "max" | "windowSeconds">, path: string) {
  t.clock.startOfNextWindow(rule.windowSeconds);
  const me = await freshUser();
  const answers = await Promise.all(Array.from({ length: rule.max + 1 }, () => me.get(path)));
  const over = answers.filter((a) => a.status === 429);
  expect(over).toHaveLength(1);
  const [refused] = over as [(typeof answers)[number]];
  expect(refused.json.error.code).toBe("TOO_MANY_REQUESTS");
  expect(refused.json.error.retryAfterSeconds).toBeGreaterThan(0);
  expect(refused.json.error.retryAfterSeconds).toBeLessThanOrEqual(rule.windowSeconds);
  expect(refused.headers.get("retry-after")).toBe(String(refused.json.error.retryAfterSeconds));
  expect((await me.get(path)).status).toBe(429);
  // Another user is not held back by this one.
  expect((await (await freshUser()).get(path)).status).not.toBe(429);
}

describe("per-user limits on reads that ask upstream", () => {
  it("tracker lookups", { timeout: 90_000 }, async () => {
    await expectLimited(TRACKER_LOOKUPS, `/api/tracker?address=${WALLET}&timeframe=24h`);
  });

  it("token pages", async () => {
    await expectLimited(TOKEN_PAGES, `/api/market/tokens/369/${TOKEN}?range=24h`);
  });

  it("NFT images", async () => {
    await expectLimited(NFT_IMAGES, `/api/nft-image?chainId=369&contract=${TOKEN}&tokenId=1`);
  });

  it("the transaction inspector's first page (the next pages read the database only)", async () => {
    const query = `/api/debug/transactions?address=${WALLET}&chainId=369&token=${TOKEN}`;
    await expectLimited({ max: 30, windowSeconds: 600 }, query);
  });

  it("later inspector pages are not counted", async () => {
    t.clock.startOfNextWindow(600);
    const me = await freshUser();
    const query = `/api/debug/transactions?address=${WALLET}&chainId=369&token=${TOKEN}`;
    for (let i = 0; i < 40; i++) expect((await me.get(`${query}&cursor=${i + 1}`)).status).not.toBe(429);
    expect((await me.get(query)).status).not.toBe(429);
  });
});
