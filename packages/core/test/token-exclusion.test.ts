import { describe, expect, it } from "vitest";
import { TokenRegistry } from "../src/chains/known-tokens.ts";
import { exclusionReason, exclusionReasonText } from "../src/tokens/exclusion.ts";
import { canIncludeBack, includedTokenKeys, putTokenChoiceRequestSchema } from "../src/tokens/token-choices.ts";

const registry = new TokenRegistry();
const t = (address: string, symbol: string, name: string, chainId = 369) => ({ chainId, address, symbol, name });
const OTHER = "0x1111111111111111111111111111111111111111";

describe("which tokens stay out of the portfolio, the tax report and the income", () => {
  it("keeps the real ones, by address", () => {
    expect(
      exclusionReason(t("0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", "HEX", "HEX"), registry, new Set()),
    ).toBeUndefined();
    expect(exclusionReason(t(OTHER, "PRINT", "Printer Rewards"), registry, new Set())).toBeUndefined();
  });

  it("drops fork copies, fakes using a known symbol, link spam and blocklisted contracts", () => {
    expect(
      exclusionReason(t("0x6b175474e89094c44da98b954eedeac495271d0f", "DAI", "Dai Stablecoin"), registry, new Set()),
    ).toBe("fork-copy");
    // On Ethereum the same address is the real DAI.
    expect(
      exclusionReason(t("0x6b175474e89094c44da98b954eedeac495271d0f", "DAI", "Dai Stablecoin", 1), registry, new Set()),
    ).toBeUndefined();
    expect(exclusionReason(t(OTHER, "HEX", "HEX"), registry, new Set())).toBe("fake-symbol");
    expect(
      exclusionReason(t(OTHER, "CLAIM", "$5000 PLSX reward - claim at pulse-rewards.example"), registry, new Set()),
    ).toBe("spam");
    expect(exclusionReason(t(OTHER, "VISIT", "Visit www.free-pls.xyz"), registry, new Set())).toBe("spam");
    expect(exclusionReason(t(OTHER, "ABC", "Abc"), registry, new Set([`369:${OTHER}`]))).toBe("blocklisted");
  });

  it("counts a token the user included back, but never one the operator blocklisted", () => {
    const choices = [
      { chainId: 369, address: OTHER.toUpperCase().replace("0X", "0x"), include: true },
      { chainId: 369, address: "0x2222222222222222222222222222222222222222", include: false },
    ];
    const included = includedTokenKeys(choices);
    expect(exclusionReason(t(OTHER, "HEX", "HEX"), registry, new Set(), included)).toBeUndefined();
    // Included on PulseChain does not include the same address on Ethereum.
    expect(exclusionReason(t(OTHER, "HEX", "HEX", 1), registry, new Set(), included)).toBe("fake-symbol");
    expect(exclusionReason(t(OTHER, "HEX", "HEX"), registry, new Set([`369:${OTHER}`]), included)).toBe("blocklisted");
    expect(canIncludeBack("blocklisted")).toBe(false);
    expect(canIncludeBack("spam")).toBe(true);
    expect(putTokenChoiceRequestSchema.safeParse({ chainId: 369, address: "0x12", include: true }).success).toBe(false);
    expect(putTokenChoiceRequestSchema.parse({ chainId: 369, address: ` ${OTHER} `, include: null })).toEqual({
      chainId: 369,
      address: OTHER,
      include: null,
    });
  });

  it("says why in words for logs", () => {
    expect(exclusionReasonText("fake-symbol", "HEX")).toMatch(/symbol HEX of a known token/);
  });
});
