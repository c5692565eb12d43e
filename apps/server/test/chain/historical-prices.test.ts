import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_SECONDS, dayStart, HistoricalPriceService } from "../../src/chain/prices/historical-prices.ts";
import { readPoolPrices } from "../../src/chain/prices/pulsex-pools.ts";
import { BlockByTime } from "../../src/chain/rpc/block-by-time.ts";
import { poolConfigFor } from "../../src/chain/settings/deployment.ts";
import { createDb, type Db } from "../../src/db/client.ts";
import { type DatabaseHandle, startEmbeddedDatabase } from "../../src/db/engine.ts";
import { applyMigrations } from "../../src/db/migrate.ts";
import { type ChainFixture, startChainFixture } from "./support/devchain-fixture.ts";

let f: ChainFixture;
let handle: DatabaseHandle;
let db: Db;
beforeAll(async () => {
  [f, handle] = await Promise.all([startChainFixture([369]), startEmbeddedDatabase("memory")]);
  await applyMigrations(handle.pool, handle.engine);
  db = createDb(handle.pool);
});
afterAll(async () => {
  await f?.stop();
  await handle?.close();
});

describe("historical prices on the devchain (DefiLlama unreachable: pools at past blocks)", () => {
  it("prices each day from the pools as they were that day, stores them, and reads them back without the chain", async () => {
    const pls = f.devchain.chain(369);
    const pools = poolConfigFor(f.deployment(369), "1000");
    const service = new HistoricalPriceService({
      db,
      registry: f.registry,
      chains: new Map([[369, { chainId: 369, client: f.client(369), pools }]]),
    });
    const hex = pls.tokens.find((t) => t.role === "hex");
    const dai = pls.tokens.find((t) => t.role === "dai");
    if (!hex || !dai || !pools) throw new Error("devchain tokens missing");
    const history = f.devchain.seeded[369]?.transfers ?? [];
    const days = [...new Set(history.map((t) => dayStart(t.timestamp)))].slice(0, 6);
    const before = dayStart((history[0]?.timestamp ?? 0) - 400 * DAY_SECONDS);

    const answer = await service.prices(
      369,
      [
        { address: hex.address, decimals: 8 },
        { address: dai.address, decimals: 18 },
        { address: "native", decimals: 18 },
      ],
      [...days, before],
      "day",
    );
    const hexPrices = answer.prices.get(hex.address.toLowerCase());
    // Independently: the pool price at the last block of each day.
    const finder = new BlockByTime(f.client(369));
    for (const day of days) {
      const q = hexPrices?.get(day);
      const block = await finder.blockAt(day + DAY_SECONDS - 1);
      const direct = await readPoolPrices(f.client(369), pools, [{ address: hex.address, decimals: 8 }], {
        blockNumber: BigInt(block ?? 0),
      });
      expect(q?.usd, new Date(day * 1000).toISOString()).toBe(direct.quotes.get(hex.address.toLowerCase())?.usd);
      expect(q?.source).toBe("pulsex_v2");
      expect(answer.prices.get(dai.address.toLowerCase())?.get(day)).toMatchObject({ usd: "1", source: "stablecoin" });
      expect(answer.prices.get("native")?.get(day)?.reliable).toBe(true);
    }
    // Before the chain existed there is no price: missing, never zero.
    expect(hexPrices?.has(before)).toBe(false);

    f.calls.length = 0;
    const again = await service.prices(369, [{ address: hex.address, decimals: 8 }], days, "day");
    expect(f.calls.length).toBe(0);
    for (const day of days)
      expect(again.prices.get(hex.address.toLowerCase())?.get(day)?.usd).toBe(hexPrices?.get(day)?.usd);
  });
});
