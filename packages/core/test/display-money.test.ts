import { describe, expect, it } from "vitest";
import { defaultDisplayCurrency, effectiveDisplayCurrency, shownCurrency, toDisplayAmount } from "../src/index.ts";

const RATE = { usdPerEur: "1.0950", rateDate: "2026-11-20", source: "ecb" };

describe("portfolio values in the chosen currency", () => {
  it("defaults to euros for German and dollars for English until the user chooses", () => {
    expect(defaultDisplayCurrency("de")).toBe("EUR");
    expect(defaultDisplayCurrency("de-DE")).toBe("EUR");
    expect(defaultDisplayCurrency("en")).toBe("USD");
    expect(defaultDisplayCurrency(undefined)).toBe("USD");
    expect(effectiveDisplayCurrency(null, "de")).toBe("EUR");
    expect(effectiveDisplayCurrency("USD", "de")).toBe("USD");
    expect(effectiveDisplayCurrency("EUR", "en")).toBe("EUR");
  });

  it("converts dollars to euros exactly at the reference rate, large and tiny values alike", () => {
    expect(toDisplayAmount("1095", "EUR", RATE)).toEqual({ amount: "1000", currency: "EUR" });
    expect(
      toDisplayAmount("123456789012345678.90", "EUR", RATE).amount.startsWith("112745926038671852.876712328767"),
    ).toBe(true);
    expect(toDisplayAmount("0.0000001095", "EUR", RATE)).toEqual({ amount: "0.0000001", currency: "EUR" });
    expect(toDisplayAmount("12.34", "USD", RATE)).toEqual({ amount: "12.34", currency: "USD" });
  });

  it("stays in dollars, and says so, when there is no rate", () => {
    expect(shownCurrency("EUR", null)).toBe("USD");
    expect(toDisplayAmount("12.34", "EUR", null)).toEqual({ amount: "12.34", currency: "USD" });
    expect(shownCurrency("EUR", RATE)).toBe("EUR");
  });
});
