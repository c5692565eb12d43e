import { describe, expect, it } from "vitest";
import { isUnpricedUnsoldAirdrop } from "../src/index.ts";

describe("an unpriced airdrop that was never sold", () => {
  it("is a holding without any price that the wallet never sent", () => {
    expect(isUnpricedUnsoldAirdrop({ price: null, everSent: false })).toBe(true);
  });
  it("is not a token the wallet ever sent (sold, swapped or moved), nor one with a price", () => {
    expect(isUnpricedUnsoldAirdrop({ price: null, everSent: true })).toBe(false);
    expect(isUnpricedUnsoldAirdrop({ price: "0.000001", everSent: false })).toBe(false);
  });
});
