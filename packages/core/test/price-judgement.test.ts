import { describe, expect, it } from "vitest";
import { D, judgeHoldingPrice, type PriceQuote, trustedPriceOf } from "../src/index.ts";

const quote = (over: Partial<PriceQuote> = {}): PriceQuote => ({
  usd: "0.0052",
  source: "defillama",
  reliable: true,
  at: 1_700_000_000,
  ...over,
});

describe("the liquidity rule for a holding's price", () => {
  it("flags the devchain deployer's 599.75 bn HEX: worth billions at a price its pool cannot carry", () => {
    // About 2.7 bn EUR at DefiLlama's HEX price; the deepest HEX pool holds 300,000 USD (150,000 on each side).
    const judged = judgeHoldingPrice(quote({ liquidityUsd: "300000" }), new D("599750000000"));
    expect(judged.reliable).toBe(false);
    expect(judged.note).toMatch(/150000\.00 USD of this token in its deepest pool/);
  });

  it("weighs a pool price the same way, at k times the token's side of the pool", () => {
    const pool = quote({ source: "pulsex_v2", usd: "2", liquidityUsd: "1000" });
    // 500 USD of the token in the pool: 250 tokens are worth exactly that, one more token is too much.
    expect(judgeHoldingPrice(pool, new D("250")).reliable).toBe(true);
    expect(judgeHoldingPrice(pool, new D("250.5")).reliable).toBe(false);
  });

  it("keeps a holding the pool can carry, and a price without a known pool, as reliable", () => {
    expect(judgeHoldingPrice(quote({ liquidityUsd: "300000" }), new D("1000000"))).toEqual({
      reliable: true,
      note: null,
    });
    expect(judgeHoldingPrice(quote(), new D("599750000000")).reliable).toBe(true);
  });

  it("flags a missing or an unreliable price as before", () => {
    expect(judgeHoldingPrice(undefined, new D(1))).toEqual({
      reliable: false,
      note: "no price found for this contract address",
    });
    const weak = judgeHoldingPrice(quote({ reliable: false, source: "fallback", note: "fixed" }), new D(1));
    expect(weak).toEqual({ reliable: false, note: "fixed" });
  });
});

describe("the price a token is ranked with among movers", () => {
  it("is a trusted quote's price, never a fallback's or a doubtful one's", () => {
    expect(trustedPriceOf(quote())?.toFixed()).toBe("0.0052");
    expect(trustedPriceOf(quote({ reliable: false, source: "fallback" }))).toBeUndefined();
    expect(trustedPriceOf(undefined)).toBeUndefined();
  });
});
