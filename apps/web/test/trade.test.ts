import type { PortfolioResult, TokenHolding } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { aggregatorSwapUrl, pulsexSwapUrl } from "../src/features/trade/swap-links.ts";
import {
  holdingChoices,
  normalizeAmount,
  quoteQueryString,
  tradeFormProblem,
} from "../src/features/trade/trade-form.ts";

const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const PLSX = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const form = (over: Partial<Parameters<typeof tradeFormProblem>[0]> = {}) => ({
  from: HEX,
  to: PLSX,
  amount: "10",
  fromDecimals: 8 as number | null,
  locale: "de" as const,
  ...over,
});

describe("trade form", () => {
  it("accepts a positive amount with a point or a comma", () => {
    expect(tradeFormProblem(form())).toBeNull();
    expect(tradeFormProblem(form({ amount: "12,5" }))).toBeNull();
    expect(tradeFormProblem(form({ amount: " 0.00000001 " }))).toBeNull();
    expect(normalizeAmount(" 12,5 ", "de")).toBe("12.5");
  });

  it("reads the amount in the user's number format (thousands separators included)", () => {
    expect(tradeFormProblem(form({ amount: "1.000.000" }))).toBeNull();
    expect(tradeFormProblem(form({ amount: "1.234,56" }))).toBeNull();
    expect(tradeFormProblem(form({ amount: "1,000,000.5", locale: "en" }))).toBeNull();
    expect(normalizeAmount("1.000.000", "de")).toBe("1000000");
    expect(normalizeAmount("1.234", "de")).toBe("1234");
    expect(normalizeAmount("1.234", "en")).toBe("1.234");
    const q = new URLSearchParams(quoteQueryString(form({ amount: "1.234,5" })));
    expect(q.get("amount")).toBe("1234.5");
  });

  it("says what is wrong with an amount that is not a number instead of asking for one above 0", () => {
    expect(tradeFormProblem(form({ amount: "abc" }))).toBe("NUMBER_INVALID");
    expect(tradeFormProblem(form({ amount: "1.2.3" }))).toBe("NUMBER_GROUPING");
    expect(tradeFormProblem(form({ amount: "1e5" }))).toBe("NUMBER_INVALID");
  });

  it("names each problem with the server's code", () => {
    expect(tradeFormProblem(form({ from: "0x12" }))).toBe("TRADE_INVALID_TOKEN");
    expect(tradeFormProblem(form({ to: "" }))).toBe("TRADE_INVALID_TOKEN");
    expect(tradeFormProblem(form({ to: HEX.toUpperCase().replace("0X", "0x") }))).toBe("TRADE_SAME_TOKEN");
    expect(tradeFormProblem(form({ from: "native", to: "native", fromDecimals: 18 }))).toBe("TRADE_SAME_TOKEN");
    for (const amount of ["", "0", "0,000", "-1", "-1.000"]) {
      expect(tradeFormProblem(form({ amount })), amount).toBe("TRADE_INVALID_AMOUNT");
    }
    // HEX has 8 decimals; any token at most 18.
    expect(tradeFormProblem(form({ amount: "1,123456789" }))).toBe("TRADE_TOO_MANY_DECIMALS");
    expect(tradeFormProblem(form({ amount: "1,123456789", fromDecimals: 18 }))).toBeNull();
    expect(tradeFormProblem(form({ amount: `0,${"1".repeat(19)}`, fromDecimals: null }))).toBe(
      "TRADE_TOO_MANY_DECIMALS",
    );
  });

  it("asks the server with the normalised values", () => {
    const q = new URLSearchParams(
      quoteQueryString(form({ from: ` ${HEX.toUpperCase().replace("0X", "0x")}`, amount: "2,5" })),
    );
    expect(Object.fromEntries(q)).toEqual({ chainId: "369", from: HEX, to: PLSX, amount: "2.5" });
  });

  it("offers the priced PulseChain holdings once per token, balances of all wallets added, largest value first", () => {
    const holding = (over: Partial<TokenHolding>): TokenHolding =>
      ({
        chainId: 369,
        contractAddress: HEX,
        symbol: "HEX",
        decimals: 8,
        balance: "1",
        value: "1",
        hasReliablePrice: true,
        ...over,
      }) as TokenHolding;
    const portfolio = {
      tokens: [
        holding({ balance: "1.5", value: "3", walletAddress: "a" }),
        holding({ balance: "0.25", value: "0.5", walletAddress: "b" }),
        holding({ contractAddress: "native", symbol: "PLS", decimals: 18, balance: "100", value: "10" }),
        holding({ chainId: 1, contractAddress: PLSX, symbol: "X", balance: "9", value: "900" }),
        holding({ contractAddress: PLSX, symbol: "AIRDROP", balance: "5000", value: "0", hasReliablePrice: false }),
      ],
    } as PortfolioResult;
    expect(holdingChoices(portfolio)).toEqual([
      { chainId: 369, address: "native", symbol: "PLS", decimals: 18, balance: "100" },
      { chainId: 369, address: HEX, symbol: "HEX", decimals: 8, balance: "1.75" },
    ]);
    expect(holdingChoices(undefined)).toEqual([]);
  });
});

describe("swap links", () => {
  it("fill in both tokens on PulseX and Piteas, PLS by name", () => {
    expect(pulsexSwapUrl(HEX, PLSX)).toBe(`https://app.pulsex.com/swap?inputCurrency=${HEX}&outputCurrency=${PLSX}`);
    expect(pulsexSwapUrl("native", HEX)).toBe(`https://app.pulsex.com/swap?inputCurrency=PLS&outputCurrency=${HEX}`);
    expect(aggregatorSwapUrl(HEX, "native")).toBe(
      `https://app.piteas.io/#/swap?inputCurrency=${HEX}&outputCurrency=PLS`,
    );
  });
});
