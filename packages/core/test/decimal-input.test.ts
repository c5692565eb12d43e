import { describe, expect, it } from "vitest";
import { decimalInput, parseDecimalInput } from "../src/numbers/decimal-input.ts";

const value = (text: string, locale?: "de" | "en") => {
  const read = parseDecimalInput(text, locale);
  return read.ok ? read.value : `problem:${read.problem}`;
};

describe("parseDecimalInput", () => {
  it("reads German numbers with thousands points and a decimal comma", () => {
    expect(value("1.234,56", "de")).toBe("1234.56");
    expect(value("1.000.000", "de")).toBe("1000000");
    expect(value("1.234", "de")).toBe("1234");
    expect(value("1234,56", "de")).toBe("1234.56");
    expect(value("0,00000001", "de")).toBe("0.00000001");
    expect(value(" 1 234,5 ", "de")).toBe("1234.5");
  });

  it("reads English numbers with thousands commas and a decimal point", () => {
    expect(value("1,234.56", "en")).toBe("1234.56");
    expect(value("1,000,000", "en")).toBe("1000000");
    expect(value("1,234", "en")).toBe("1234");
    expect(value("1.234", "en")).toBe("1.234");
  });

  it("reads plain numbers in either language where they cannot be misread", () => {
    for (const locale of ["de", "en"] as const) {
      expect(value("1234.56", locale)).toBe("1234.56");
      expect(value("1234,56", locale)).toBe("1234.56");
      expect(value("12.5", locale)).toBe("12.5");
      expect(value("12,5", locale)).toBe("12.5");
      expect(value("0.500", locale)).toBe("0.500");
      expect(value("1.234,56", locale)).toBe("1234.56");
      expect(value("1,234.56", locale)).toBe("1234.56");
      expect(value(",5", locale)).toBe("0.5");
      expect(value("007", locale)).toBe("7");
    }
  });

  it("keeps every digit (no float rounding)", () => {
    expect(value("123.456.789.012.345.678,123456789012345678", "de")).toBe("123456789012345678.123456789012345678");
  });

  it("keeps a leading minus for the field to judge", () => {
    expect(value("-1.234,5", "de")).toBe("-1234.5");
    expect(value("-0", "de")).toBe("0");
  });

  it("names what it refuses", () => {
    expect(value("", "de")).toBe("problem:empty");
    expect(value("   ", "en")).toBe("problem:empty");
    for (const text of ["abc", "1e5", "12€", "1,2,3.4.5", "1.234,5,6", "5-", "."]) {
      expect(value(text, "de"), text).toBe("problem:notANumber");
    }
    expect(value("1.23.456", "de")).toBe("problem:grouping");
    expect(value("1234.567.890", "de")).toBe("problem:grouping");
    expect(value("1,23,456.7", "en")).toBe("problem:grouping");
  });

  it("without a language, a point is the decimal point and a comma before three digits is refused", () => {
    expect(value("1234.56")).toBe("1234.56");
    expect(value("1.234")).toBe("1.234");
    expect(value("12,5")).toBe("12.5");
    expect(value("1.234,5")).toBe("1234.5");
    expect(value("1,234")).toBe("problem:ambiguous");
  });
});

describe("decimalInput (server schemas)", () => {
  it("outputs the exact decimal string and names a problem by its error code", () => {
    expect(decimalInput().parse("1.234,56")).toBe("1234.56");
    expect(decimalInput({ optional: true }).parse(" ")).toBe("");
    const refused = decimalInput().safeParse("1.23.4");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("NUMBER_GROUPING");
    expect(decimalInput().safeParse("zwölf").error?.issues[0]?.message).toBe("NUMBER_INVALID");
  });
});

describe("parseDecimalInput, strict (numbers in a file)", () => {
  it("reads a space only between thousands: '1 5' and '12 34,5' are refused, not read as 15 and 1234.5", () => {
    expect(value("1 234 567,89", "de")).toBe("1234567.89");
    expect(value("1\u202f234.5", "en")).toBe("1234.5");
    expect(parseDecimalInput("1 5", "de")).toEqual({ ok: false, problem: "grouping" });
    expect(parseDecimalInput("12 34,5", "de")).toEqual({ ok: false, problem: "grouping" });
    expect(parseDecimalInput("1,5 0", "de")).toEqual({ ok: false, problem: "grouping" });
  });

  it("refuses a lone separator before three digits and spaces instead of guessing", () => {
    const strict = (text: string) => {
      const read = parseDecimalInput(text, "de", { strict: true });
      return read.ok ? read.value : `problem:${read.problem}`;
    };
    expect(strict("1.500")).toBe("problem:ambiguous");
    expect(strict("1.234,56")).toBe("1234.56");
    expect(strict("1.5")).toBe("1.5");
    expect(strict("1 234,56")).toBe("problem:notANumber");
  });
});
