import type { PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { BlockByTime } from "../src/chain/rpc/block-by-time.ts";

/** A chain of the given block timestamps that counts the blocks it was asked for. */
function chainOf(times: readonly number[]) {
  const asked = { blocks: 0, heads: 0 };
  const client = {
    getBlockNumber: async () => {
      asked.heads++;
      return BigInt(times.length - 1);
    },
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => {
      asked.blocks++;
      return { timestamp: BigInt(times[Number(blockNumber)] as number) };
    },
  } as unknown as PublicClient;
  return { client, asked };
}

/** The last block at or before `unix`, read the slow way. */
function lastAtOrBefore(times: readonly number[], unix: number): number | undefined {
  let found: number | undefined;
  times.forEach((t, i) => {
    if (t <= unix) found = i;
  });
  return found;
}

describe("the block at a time", () => {
  // 2022 genesis, a year of silence, then 10-second blocks with runs of blocks in the same second.
  const uneven = [1_640_995_200, ...Array.from({ length: 200_000 }, (_, i) => 1_683_785_255 + Math.floor(i / 3) * 10)];

  it("is the last block at or before the time, on an uneven chain too", async () => {
    const { client } = chainOf(uneven);
    const finder = new BlockByTime(client);
    const probes = [
      1_640_995_199, 1_640_995_200, 1_660_000_000, 1_683_785_255, 1_683_785_264, 1_684_000_003, 1_700_000_000,
    ];
    for (const unix of probes) expect(await finder.blockAt(unix)).toBe(lastAtOrBefore(uneven, unix));
  });

  it("reads a handful of blocks on a steady chain and stays within twice a halving search on an uneven one", async () => {
    const steady = Array.from({ length: 1_000_000 }, (_, i) => 1_683_785_255 + i * 10);
    const s = chainOf(steady);
    expect(await new BlockByTime(s.client).blockAt(1_683_785_255 + 4_321_005)).toBe(432_100);
    expect(s.asked.blocks).toBeLessThanOrEqual(6);
    const u = chainOf(uneven);
    expect(await new BlockByTime(u.client).blockAt(1_684_123_457)).toBe(lastAtOrBefore(uneven, 1_684_123_457));
    expect(u.asked.blocks).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(uneven.length)) + 2);
  });

  it("finds many times together: the head read once, fewer blocks than one search each", async () => {
    const probes = Array.from({ length: 90 }, (_, d) => 1_683_785_255 + 5_000 + d * 20_011);
    probes.push(1_640_995_199, 1_640_995_200, 1_700_000_000);
    const together = chainOf(uneven);
    const found = await new BlockByTime(together.client).blocksAt(probes);
    for (const unix of probes) expect(found.get(unix)).toBe(lastAtOrBefore(uneven, unix));
    expect(together.asked.heads).toBe(1);
    const apart = chainOf(uneven);
    for (const unix of probes) await new BlockByTime(apart.client).blockAt(unix);
    expect(together.asked.blocks).toBeLessThan(apart.asked.blocks / 2);
  });
});
