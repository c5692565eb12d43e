import { describe, expect, it } from "vitest";
import { berlinDateOf, rateLookup, usdPerEurOn, usdToEur, utcDateOf } from "../src/fx/rate-on.ts";

// ECB business days around Christmas / New Year 2024/25 (no 25/26 Dec, no 1 Jan, no weekends)
const rates = new Map([
  ["2025-01-03", "1.0299"],
  ["2025-01-02", "1.0321"],
  ["2024-12-31", "1.0389"],
  ["2024-12-30", "1.0444"],
  ["2024-12-27", "1.0427"],
  ["2024-12-24", "1.0393"],
  ["2024-12-23", "1.0405"],
  ["2024-12-20", "1.0390"],
]);

describe("usdPerEurOn", () => {
  it.each([
    ["2024-12-23", "1.0405", "2024-12-23"], // a business day
    ["2024-12-21", "1.0390", "2024-12-20"], // Saturday
    ["2024-12-22", "1.0390", "2024-12-20"], // Sunday
    ["2024-12-25", "1.0393", "2024-12-24"], // Christmas Day
    ["2024-12-26", "1.0393", "2024-12-24"], // Boxing Day
    ["2024-12-28", "1.0427", "2024-12-27"],
    ["2025-01-01", "1.0389", "2024-12-31"], // New Year's Day
    ["2025-01-04", "1.0299", "2025-01-03"], // after the newest rate
    ["2030-06-01", "1.0299", "2025-01-03"],
  ])("%s -> %s (rate of %s)", (date, rate, rateDate) => {
    expect(usdPerEurOn(date, rates)).toEqual({ rate, rateDate });
    expect(rateLookup(rates)(date)).toEqual({ rate, rateDate });
  });

  it("is undefined before the first rate and for an empty table", () => {
    expect(usdPerEurOn("2024-12-19", rates)).toBeUndefined();
    expect(rateLookup(rates)("2024-12-19")).toBeUndefined();
    expect(usdPerEurOn("2024-12-24", new Map())).toBeUndefined();
  });

  it("can refuse stale rates", () => {
    expect(usdPerEurOn("2025-01-10", rates, { maxLookbackDays: 7 })).toEqual({
      rate: "1.0299",
      rateDate: "2025-01-03",
    });
    expect(usdPerEurOn("2025-01-11", rates, { maxLookbackDays: 7 })).toBeUndefined();
    expect(rateLookup(rates, { maxLookbackDays: 7 })("2025-01-11")).toBeUndefined();
  });

  it("rejects dates that are not YYYY-MM-DD calendar dates", () => {
    expect(() => usdPerEurOn("2024-12-5", rates)).toThrow(RangeError);
    expect(() => usdPerEurOn("2025-02-30", rates)).toThrow(RangeError);
    expect(() => rateLookup(rates)("24.12.2024")).toThrow(RangeError);
  });

  it("binary-search lookup agrees with the scan over a long history", () => {
    const long = new Map<string, string>();
    for (let d = Date.UTC(1999, 0, 4); d <= Date.UTC(2025, 0, 3); d += 86_400_000) {
      const day = new Date(d);
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
      long.set(day.toISOString().slice(0, 10), `1.${String(d / 86_400_000).slice(-4)}`);
    }
    const lookup = rateLookup(long);
    for (const date of ["1999-01-03", "1999-01-04", "2001-09-15", "2012-02-29", "2020-03-08", "2025-01-05"]) {
      expect(lookup(date)).toEqual(usdPerEurOn(date, long));
    }
  });
});

describe("usdToEur", () => {
  it("divides exactly with decimal arithmetic", () => {
    expect(usdToEur("103.89", "1.0389")).toBe("100");
    expect(usdToEur("0.3", "0.1")).toBe("3");
    expect(usdToEur("1", "1.25")).toBe("0.8");
    expect(usdToEur("-52.08", "1.0416")).toBe("-50");
    expect(usdToEur("123456789012345678901234567890.12", "1.5")).toBe("82304526008230452600823045260.08");
    expect(usdToEur("0", "1.0299")).toBe("0");
  });

  it("keeps 80 significant digits for non-terminating quotients", () => {
    const eur = usdToEur("1", "1.0389");
    // Python: Decimal(1) / Decimal("1.0389") with prec=80, ROUND_HALF_EVEN
    expect(eur).toBe("0.96255655019732409279045143902204254499951872172490133795360477428048897872750024");
    expect(eur.replace("0.", "").replace(/^0+/, "").length).toBe(80);
  });

  it("refuses a zero, negative or malformed rate", () => {
    expect(() => usdToEur("1", "0")).toThrow(RangeError);
    expect(() => usdToEur("1", "-1.05")).toThrow(RangeError);
    expect(() => usdToEur("1", "1,05")).toThrow(RangeError);
    expect(() => usdToEur("abc", "1.05")).toThrow();
  });
});

describe("dates of timestamps", () => {
  it("UTC and German calendar dates", () => {
    expect(utcDateOf(1735603200)).toBe("2024-12-31");
    // 2024-12-31 23:30 UTC is already New Year's Day in Berlin (CET, UTC+1)
    expect(berlinDateOf(1735687800)).toBe("2025-01-01");
    expect(utcDateOf(1735687800)).toBe("2024-12-31");
    // summer time (CEST, UTC+2): 2024-07-01 22:30 UTC is 2 July in Berlin
    expect(berlinDateOf(Date.UTC(2024, 6, 1, 22, 30) / 1000)).toBe("2024-07-02");
  });
});

describe("the German date, one implementation", () => {
  it("agrees with the time zone database on every hour around each change of summer time, 2000-2035", () => {
    const intl = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Berlin",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    for (let year = 2000; year <= 2035; year++) {
      for (const month of [2, 9]) {
        const start = Date.UTC(year, month, 24) / 1000;
        for (let h = 0; h < 10 * 24; h++) {
          const t = start + h * 3600 - 1;
          expect(berlinDateOf(t), new Date(t * 1000).toISOString()).toBe(intl.format(new Date(t * 1000)));
        }
      }
    }
  });
});
