/** Block spans read in ranges a node accepts: a refused range is halved, a rate limit is not a refusal. */
import { describe, expect, it } from "vitest";
import { isRangeError, readInRanges } from "../src/chain/rpc/block-ranges.ts";

describe("block ranges", () => {
  it("tells a refused range from a rate limit", () => {
    expect(isRangeError(new Error("query exceeds max block range 100000"))).toBe(true);
    expect(isRangeError(new Error("query returned more than 10000 results"))).toBe(true);
    expect(isRangeError(new Error("HTTP 429 Too Many Requests"))).toBe(false);
    expect(isRangeError(new Error("rate limit exceeded"))).toBe(false);
  });

  it("halves a refused range and covers the span exactly once; other errors are thrown", async () => {
    const read: [number, number][] = [];
    await readInRanges(0, 999, 1000, async (a, b) => {
      if (b - a + 1 > 300) throw new Error("block range too large");
      read.push([a, b]);
    });
    expect(read).toEqual([
      [0, 249],
      [250, 499],
      [500, 749],
      [750, 999],
    ]);
    await expect(
      readInRanges(0, 999, 1000, async () => {
        throw new Error("rate limit exceeded");
      }),
    ).rejects.toThrow("rate limit");
  });
});
