import { describe, expect, it } from "vitest";
import { D } from "../src/chains/amounts.ts";
import {
  decimalPlaces,
  isPositiveDecimal,
  tradeQueryErrorCode,
  tradeQuoteQuerySchema,
} from "../src/trade/trade-api.ts";
import { feeAprPercent } from "../src/yield/yield-api.ts";

const HEX = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";
const parse = (q: Record<string, string>) => tradeQuoteQuerySchema.safeParse(q);

describe("trade quote query", () => {
  it("lower-cases the tokens, keeps the amount as a decimal string and takes PLS as native", () => {
    const ok = parse({ chainId: "369", from: "NATIVE", to: ` ${HEX} `, amount: " 12.50 " });
    expect(ok.success && ok.data).toEqual({ chainId: 369, from: "native", to: HEX.toLowerCase(), amount: "12.50" });
  });

  it("reads a typed amount with thousands separators as the exact decimal", () => {
    const ok = parse({ chainId: "369", from: "native", to: HEX, amount: "1.000.000" });
    expect(ok.success && ok.data.amount).toBe("1000000");
    const comma = parse({ chainId: "369", from: "native", to: HEX, amount: "1.234,5" });
    expect(comma.success && comma.data.amount).toBe("1234.5");
  });

  it("names the first problem with its code", () => {
    const code = (q: Record<string, string>) => {
      const r = parse(q);
      return r.success ? null : tradeQueryErrorCode(r.error);
    };
    const base = { chainId: "369", from: "native", to: HEX, amount: "1" };
    expect(code({ ...base, chainId: "1" })).toBe("TRADE_UNSUPPORTED_CHAIN");
    expect(code({ ...base, from: "0xabc" })).toBe("TRADE_INVALID_TOKEN");
    expect(code({ ...base, from: HEX.toLowerCase() })).toBe("TRADE_SAME_TOKEN");
    expect(code({ ...base, amount: "0.0" })).toBe("TRADE_INVALID_AMOUNT");
    expect(code({ ...base, amount: "" })).toBe("TRADE_INVALID_AMOUNT");
    expect(code({ ...base, amount: "+1" })).toBe("NUMBER_INVALID");
    expect(code({ ...base, amount: "1.2.3" })).toBe("NUMBER_GROUPING");
    expect(code({ ...base, amount: `1.${"0".repeat(19)}1` })).toBe("TRADE_TOO_MANY_DECIMALS");
  });

  it("counts decimal places and tells positive decimals", () => {
    expect(decimalPlaces("12")).toBe(0);
    expect(decimalPlaces("0.125")).toBe(3);
    expect(isPositiveDecimal("0.001")).toBe(true);
    expect(isPositiveDecimal("0")).toBe(false);
    expect(isPositiveDecimal("1e3")).toBe(false);
    expect(isPositiveDecimal(".5")).toBe(false);
  });
});

describe("fee APR", () => {
  it("is the window's fees over the liquidity, scaled to a year, in percent", () => {
    // 30 WPLS of fees in a day on 1,000,000 WPLS: 0.003 % a day, 1.095 % a year.
    expect(feeAprPercent(new D(30), new D(1_000_000), 24)).toBe("1.1");
    expect(feeAprPercent(new D(30), new D(1_000_000), 24 * 7)).toBe("0.16");
    expect(feeAprPercent(new D(0), new D(1_000_000), 24)).toBe("0");
    expect(feeAprPercent(new D(5), new D(0), 24)).toBeNull();
  });
});
