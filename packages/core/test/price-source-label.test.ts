import { describe, expect, it } from "vitest";
import { currentPriceSource, poolPriceSource } from "../src/chains/price.ts";
import { priceSourceLabel } from "../src/tax/price-source-label.ts";

describe("price sources in words", () => {
  it("names a V2 pool by the exchange of its chain and the ECB rate by its day", () => {
    expect(priceSourceLabel("pulsex_v2+ecb:2024-01-11", 369)).toBe("PulseX-V2-Pool, EZB-Referenzkurs vom 11.01.2024");
    expect(priceSourceLabel("pulsex_v2+ecb:2024-01-11", 1)).toBe("Uniswap-V2-Pool, EZB-Referenzkurs vom 11.01.2024");
    expect(priceSourceLabel("pulsex_v1+ecb:2024-01-11", 1, "en")).toBe(
      "Uniswap V1 pool, ECB reference rate of 01/11/2024",
    );
  });

  it("says what the other sources are, and unknown for none", () => {
    expect(priceSourceLabel("defillama+ecb:2023-12-29", 1)).toBe("DefiLlama, EZB-Referenzkurs vom 29.12.2023");
    expect(priceSourceLabel("stablecoin+ecb:2024-02-01", 1)).toBe(
      "Stablecoin (1 USD), EZB-Referenzkurs vom 01.02.2024",
    );
    expect(priceSourceLabel("input", null)).toBe("Angabe in den Eingabedaten");
    expect(priceSourceLabel(null, 369)).toBe("unbekannt");
    expect(priceSourceLabel(null, 369, "en")).toBe("unknown");
    // An id we do not know stays readable as it is.
    expect(priceSourceLabel("somewhere_new", 369)).toBe("somewhere_new");
  });
});

describe("the source id of a pool price", () => {
  it("is named after the DEX of its chain: Uniswap on Ethereum, PulseX on PulseChain", () => {
    expect(poolPriceSource(1, "v2")).toBe("uniswap_v2");
    expect(poolPriceSource(369, "v2")).toBe("pulsex_v2");
    expect(poolPriceSource(369, "v1")).toBe("pulsex_v1");
    expect(priceSourceLabel("uniswap_v2+ecb:2024-01-11", 1)).toBe("Uniswap-V2-Pool, EZB-Referenzkurs vom 11.01.2024");
    expect(priceSourceLabel("uniswap_v2", 1, "en")).toBe("Uniswap V2 pool");
  });

  it("reads a stored 'pulsex_v2' of Ethereum as 'uniswap_v2', PulseChain's as it is", () => {
    expect(currentPriceSource("pulsex_v2", 1)).toBe("uniswap_v2");
    expect(currentPriceSource("pulsex_v2", 369)).toBe("pulsex_v2");
    expect(currentPriceSource("defillama", 1)).toBe("defillama");
  });
});
