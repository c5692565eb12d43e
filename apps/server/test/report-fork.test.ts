/**
 * The PulseChain fork as the report applies it: which copies the fork makes (the report's exclusion
 * rule leaves the worthless ones out), which records of chain 369 are Ethereum's history, and which
 * prices the "split" fork cost loads (bounded to the days after the fork).
 */
import { type NormalizedTransfer, PULSECHAIN_FORK, TokenRegistry } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { FORK_PRICE_DAYS, forkCopyAsset, forkSplitPrices, isPreForkCopy } from "../src/ledger/fork-facts.ts";

const chain = {
  registry: new TokenRegistry(),
  tokenBlocklist: new Set(["369:0x00000000000000000000000000000000000bad01"]),
};
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const USDC_ETH = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
const WETH = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";
const PEPE = "0x00000000000000000000000000000000000e0001";
const facts = new Map([
  [`1:${PEPE}`, { symbol: "PEPE", name: "Pepe" }],
  ["1:0x00000000000000000000000000000000000e0002", { symbol: "CLAIM", name: "Visit example.com to claim" }],
]);
const copy = forkCopyAsset(PULSECHAIN_FORK, (k) => facts.get(k), chain, new Set());

function record(chainId: number, blockNumber: number, token: string, timestamp = 1_600_000_000): NormalizedTransfer {
  return {
    chainId,
    txHash: `0x${blockNumber.toString(16).padStart(64, "0")}`,
    logIndex: 0,
    blockNumber,
    timestamp,
    from: "0x00000000000000000000000000000000000c0001",
    to: "0x00000000000000000000000000000000000a0001",
    token: token as NormalizedTransfer["token"],
    amount: "1",
    fee: "0",
    methodId: null,
    internal: false,
  };
}

describe("the fork's copies in the report", () => {
  it("copy ETH to PLS and each token to the same address on PulseChain", () => {
    expect(copy("1:native")).toBe("369:native");
    expect(copy(`1:${HEX}`)).toBe(`369:${HEX}`);
    expect(copy(`1:${PEPE}`)).toBe(`369:${PEPE}`);
    // Only Ethereum's assets are copied.
    expect(copy(`369:${HEX}`)).toBeNull();
  });

  it("leave out what the report leaves out: worthless stablecoin and WETH copies, spam, the blocklist", () => {
    expect(copy(`1:${USDC_ETH}`)).toBeNull();
    expect(copy(`1:${WETH}`)).toBeNull();
    expect(copy("1:0x00000000000000000000000000000000000e0002")).toBeNull();
    expect(copy("1:0x00000000000000000000000000000000000bad01")).toBeNull();
    // A copy the user included back counts.
    const included = forkCopyAsset(PULSECHAIN_FORK, (k) => facts.get(k), chain, new Set([`369:${USDC_ETH}`]));
    expect(included(`1:${USDC_ETH}`)).toBe(`369:${USDC_ETH}`);
  });

  it("take chain 369's records up to the fork block as Ethereum's history", () => {
    expect(isPreForkCopy(PULSECHAIN_FORK, record(369, 17_233_000, HEX))).toBe(true);
    expect(isPreForkCopy(PULSECHAIN_FORK, record(369, 17_233_001, HEX))).toBe(false);
    expect(isPreForkCopy(PULSECHAIN_FORK, record(1, 10_000_000, HEX))).toBe(false);
    expect(isPreForkCopy(undefined, record(369, 1, HEX))).toBe(false);
  });

  it("price originals and copies from the fork day on for the split only, within the year", () => {
    const history = [record(1, 12_000_000, HEX), record(1, 12_000_001, USDC_ETH), record(1, 18_000_000, PEPE)];
    const end = Date.UTC(2025, 0, 1) / 1000;
    const split = forkSplitPrices(PULSECHAIN_FORK, "split", history, copy, end);
    // ETH and HEX held before the fork (the USDC copy is left out, PEPE came after it): original and copy.
    expect(split.map((p) => `${p.chainId}:${p.address}`)).toEqual(["1:native", "369:native", `1:${HEX}`, `369:${HEX}`]);
    for (const p of split) {
      expect(p.times).toHaveLength(FORK_PRICE_DAYS + 1);
      expect(p.times[0]).toBe(PULSECHAIN_FORK.time);
      expect(p.times.at(-1)).toBe(PULSECHAIN_FORK.time + FORK_PRICE_DAYS * 86_400);
    }
    expect(forkSplitPrices(PULSECHAIN_FORK, "zero", history, copy, end)).toEqual([]);
    expect(forkSplitPrices(PULSECHAIN_FORK, "split", history, copy, Date.UTC(2023, 0, 1) / 1000)).toEqual([]);
    expect(forkSplitPrices(undefined, "split", history, copy, end)).toEqual([]);
  });
});
