/** Block spans read in ranges a node accepts: a refused range is halved, a rate limit is not a refusal. */

import { describe, expect, it } from "vitest";
import { isMethodUnsupported } from "../src/chain/history/rpc-log-history.ts";
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

describe("a node without trace_filter", () => {
  it("is told apart from a node that only failed once, so one timeout does not switch internal transfers off", () => {
    const notFound = Object.assign(new Error('The method "trace_filter" does not exist / is not available.'), {
      code: -32601,
    });
    expect(isMethodUnsupported(notFound)).toBe(true);
    expect(isMethodUnsupported(new Error("Method not found"))).toBe(true);
    expect(isMethodUnsupported(new Error("The request took too long to respond."))).toBe(false);
    expect(isMethodUnsupported(new Error("Details: block range too large, currently limited to 300"))).toBe(false);
    expect(isMethodUnsupported(new Error("HTTP request failed. Status: 503"))).toBe(false);
    expect(isMethodUnsupported(new Error("Service not available"))).toBe(false);
  });
});
