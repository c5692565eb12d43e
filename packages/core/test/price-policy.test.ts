/**
 * The one rule that maps a token to the series that prices it, used by current and historical
 * prices alike: the native coin and same-chain wrappers share the wrapped token's series; a token
 * bridged from another chain keeps its own, whatever its base. The market's pool snapshots are read
 * by the same rule, the stablecoin step first.
 */
import { describe, expect, it } from "vitest";
import {
  D,
  ETHEREUM,
  moverOf,
  NATIVE,
  PULSECHAIN,
  priceSeriesOf,
  snapshotPriceOf,
  TokenRegistry,
} from "../src/index.ts";

const registry = new TokenRegistry();
const WPLS = "0xa1077a294dde1b09bb078844df40758a5d0f9a27";
const WETH = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";
const BRIDGED_WETH_ON_PULSECHAIN = "0x02dcdd04e3f455d838cd1249292c58f3b79e3c3c";
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

describe("priceSeriesOf", () => {
  it("prices the native coin and its wrapper through the wrapped token", () => {
    expect(priceSeriesOf(registry, PULSECHAIN, NATIVE)).toBe(WPLS);
    expect(priceSeriesOf(registry, PULSECHAIN, WPLS.toUpperCase().replace("0X", "0x"))).toBe(WPLS);
    expect(priceSeriesOf(registry, ETHEREUM, NATIVE)).toBe(WETH);
    expect(priceSeriesOf(registry, ETHEREUM, WETH)).toBe(WETH);
  });

  it("keeps a token bridged from another chain on its own series, and any other token too", () => {
    expect(priceSeriesOf(registry, PULSECHAIN, BRIDGED_WETH_ON_PULSECHAIN)).toBe(BRIDGED_WETH_ON_PULSECHAIN);
    expect(priceSeriesOf(registry, PULSECHAIN, HEX)).toBe(HEX);
    // The fork copy of WETH on PulseChain is not PulseChain's wrapped native either.
    expect(priceSeriesOf(registry, PULSECHAIN, WETH)).toBe(WETH);
  });
});

describe("snapshotPriceOf", () => {
  const USDC_FROM_ETHEREUM = "0x15d38573d2feeb82e7ad5187ab8c1d52810b1f07";
  const USDC_FORK_COPY = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
  const pools = new Map([
    [WPLS, new D("0.00003")],
    [HEX, new D("0.004")],
    [USDC_FROM_ETHEREUM, new D("0.97")],
    [USDC_FORK_COPY, new D("0.002")],
  ]);

  it("prices a real stablecoin at 1 USD whatever its pool says, a fork copy of one at its pool", () => {
    expect(snapshotPriceOf(registry, PULSECHAIN, USDC_FROM_ETHEREUM, pools)?.toFixed()).toBe("1");
    expect(snapshotPriceOf(registry, PULSECHAIN, USDC_FORK_COPY, pools)?.toFixed()).toBe("0.002");
  });

  it("prices the native coin as its wrapped token, any other token at its own pool or not at all", () => {
    expect(snapshotPriceOf(registry, PULSECHAIN, NATIVE, pools)?.toFixed()).toBe("0.00003");
    expect(snapshotPriceOf(registry, PULSECHAIN, HEX.toUpperCase().replace("0X", "0x"), pools)?.toFixed()).toBe(
      "0.004",
    );
    expect(snapshotPriceOf(registry, PULSECHAIN, BRIDGED_WETH_ON_PULSECHAIN, pools)).toBeUndefined();
  });
});

describe("moverOf", () => {
  const ref = { chainId: PULSECHAIN, address: HEX, symbol: "HEX", name: "HEX" };

  it("is the change from the price then to the price now", () => {
    expect(moverOf(ref, new D("0.0125"), new D("0.01"))).toEqual({
      ...ref,
      priceUsd: "0.0125",
      priceThenUsd: "0.01",
      change: "25.00",
    });
  });

  it("is none without a price at both ends", () => {
    expect(moverOf(ref, undefined, new D("0.01"))).toBeUndefined();
    expect(moverOf(ref, new D("0.01"), undefined)).toBeUndefined();
    expect(moverOf(ref, new D("0.01"), new D(0))).toBeUndefined();
  });
});
