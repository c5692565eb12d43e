import { and, eq } from "drizzle-orm";
import type { PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRewardSources, rewardSourceOwners } from "../src/chain/tokens/reward-sources.ts";
import type { Db } from "../src/db/client.ts";
import { tokenRewardSources } from "../src/db/schema.ts";
import { type MigratedDb, openMigratedDb } from "./support/migrated-db.ts";

const PRINTER = "0x1111111111111111111111111111111111111111";
const DISTRIBUTOR = "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const DIVIDEND_TOKEN = "0x2222222222222222222222222222222222222222";
const TRACKER = "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

let database: MigratedDb | undefined;
let db: Db;
beforeAll(async () => {
  database = await openMigratedDb();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

/** A chain that answers nothing (every multicall fails). */
const unreachable = {
  request: async () => {
    throw new Error("rpc down");
  },
} as unknown as PublicClient;

describe("reward sources", () => {
  it("names who each paying contract pays for, and keeps a distributor kept before its getter while the chain cannot be asked", async () => {
    await db.insert(tokenRewardSources).values([
      // Kept before the getter was: asked again, but a missing answer must not drop it.
      { chainId: 369, token: PRINTER, distributor: DISTRIBUTOR, getter: null },
      { chainId: 369, token: DIVIDEND_TOKEN, distributor: TRACKER, getter: "dividendTracker" },
    ]);
    const found = await loadRewardSources(db, unreachable, 369, [PRINTER, DIVIDEND_TOKEN]);
    expect(found).toEqual(new Set([`369:${DISTRIBUTOR}`, `369:${TRACKER}`]));
    const [kept] = await db
      .select()
      .from(tokenRewardSources)
      .where(and(eq(tokenRewardSources.chainId, 369), eq(tokenRewardSources.token, PRINTER)));
    expect(kept).toMatchObject({ distributor: DISTRIBUTOR, getter: null });

    const owners = await rewardSourceOwners(db, 369, [DISTRIBUTOR.toUpperCase().replace("0X", "0x"), TRACKER, PRINTER]);
    expect(Object.fromEntries(owners)).toEqual({
      [DISTRIBUTOR]: { token: PRINTER, getter: null },
      [TRACKER]: { token: DIVIDEND_TOKEN, getter: "dividendTracker" },
    });
    expect((await rewardSourceOwners(db, 1, [TRACKER])).size).toBe(0);
  });
});
