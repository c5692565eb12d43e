import type { Investment } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { type Fields, fieldsOf, investmentInputOf } from "../src/features/roi-tracker/investment-fields.ts";
import { investmentsTotal } from "../src/features/roi-tracker/investment-figures.ts";

const NOW = new Date("2026-11-26T10:00:00Z");
const fields = (over: Partial<Fields> = {}): Fields => ({
  ...fieldsOf(null, "de"),
  name: "PLSX bag",
  purchaseDate: "2024-02-29",
  purchasePrice: "1.234,56",
  currentValue: "1.000.000",
  ...over,
});

describe("investment form", () => {
  it("reads German amounts with thousands points and a decimal comma, exactly", () => {
    const checked = investmentInputOf(fields({ quantity: "1.234.567,000000000000000001" }), "de", NOW);
    expect(checked.errors).toBeNull();
    expect(checked.input).toMatchObject({
      quantity: "1234567.000000000000000001",
      purchasePrice: "1234.56",
      currentValue: "1000000",
      currency: "USD",
    });
  });

  it("reads English amounts with thousands commas", () => {
    const checked = investmentInputOf(fields({ purchasePrice: "1,234.56", currentValue: "1,000,000" }), "en", NOW);
    expect(checked.input).toMatchObject({ purchasePrice: "1234.56", currentValue: "1000000" });
  });

  it("names what is wrong with an amount in the user's words", () => {
    const checked = investmentInputOf(
      fields({ purchasePrice: "1.23.4", currentValue: "viel", quantity: "-2" }),
      "de",
      NOW,
    );
    expect(checked.errors).toEqual({
      purchasePrice: "NUMBER_GROUPING",
      currentValue: "NUMBER_INVALID",
      quantity: "investments.errors.quantityPositive",
    });
  });

  it("refuses a purchase date in the future, accepts today", () => {
    expect(investmentInputOf(fields({ purchaseDate: "2026-11-27" }), "de", NOW).errors).toEqual({
      purchaseDate: "investments.errors.purchaseDateFuture",
    });
    expect(investmentInputOf(fields({ purchaseDate: "2026-11-26" }), "de", NOW).errors).toBeNull();
  });

  it("sends the chosen currency and shows a stored amount in the user's format for editing", () => {
    expect(investmentInputOf(fields({ currency: "EUR" }), "de", NOW).input?.currency).toBe("EUR");
    const stored = { name: "x", quantity: "1.234", purchasePrice: "1500.1", currentValue: "2", currency: "EUR" };
    const edit = fieldsOf(stored as Investment, "de");
    expect(edit).toMatchObject({ quantity: "1,234", purchasePrice: "1500,1", currency: "EUR" });
    // Read back unchanged: 1.234 tokens stay 1.234, not 1234.
    expect(investmentInputOf({ ...edit, purchaseDate: "2024-01-01" }, "de", NOW).input).toMatchObject({
      quantity: "1.234",
      purchasePrice: "1500.1",
    });
  });
});

describe("investment totals", () => {
  const inv = (over: Partial<Investment>): Investment =>
    ({ currency: "USD", purchasePriceUsd: "100", currentValueUsd: "150", liveValueUsd: null, ...over }) as Investment;

  it("adds the USD figures of USD and EUR investments and counts those without a rate as left out", () => {
    const total = investmentsTotal([
      inv({}),
      inv({ currency: "EUR", purchasePriceUsd: "108.12", currentValueUsd: "125" }),
      inv({ currency: "EUR", purchasePriceUsd: null, currentValueUsd: null }),
    ]);
    expect(total).toMatchObject({ purchase: "208.12", current: "275.00", absolute: "66.88", leftOut: 1 });
  });
});
