/**
 * The one rule that maps a token to the series that prices it, used by current and historical
 * prices alike: the native coin and same-chain wrappers share the wrapped token's series; a token
 * bridged from another chain keeps its own, whatever its base.
 */
import { describe, expect, it } from "vitest";
import { ETHEREUM, NATIVE, PULSECHAIN, priceSeriesOf, TokenRegistry } from "../src/index.ts";

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
