import { describe, expect, it } from "vitest";
import { berlinDateOf } from "../src/fx/rate-on.ts";
import {
  berlinDay,
  berlinIsoDate,
  dayOfIso,
  holdingPeriodEnd,
  isoDate,
  isoUtc,
  isTaxFree,
} from "../src/tax/holding-period.ts";

const ts = (iso: string) => Date.parse(iso) / 1000;

describe("German calendar date", () => {
  it.each([
    ["2024-03-30T23:30:00Z", "2024-03-31"], // CET: 00:30 on the 31st
    ["2024-03-31T00:59:59Z", "2024-03-31"],
    ["2024-03-31T22:30:00Z", "2024-04-01"], // CEST since 01:00 UTC: 00:30 on 1 April
    ["2024-10-26T22:30:00Z", "2024-10-27"], // still CEST
    ["2024-10-27T22:30:00Z", "2024-10-27"], // CET again: 23:30
    ["2024-12-31T23:00:00Z", "2025-01-01"],
    ["2024-12-31T22:59:59Z", "2024-12-31"],
    ["1990-07-01T22:30:00Z", "1990-07-02"], // before 1996: Intl
  ])("%s is %s in Berlin", (iso, date) => {
    expect(berlinIsoDate(ts(iso))).toBe(date);
  });

  it("agrees with Intl on 20,000 instants from 1996 to 2040", () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const from = ts("1996-01-01T00:00:00Z");
    const to = ts("2040-12-31T00:00:00Z");
    for (let i = 0; i < 20_000; i++) {
      // Half of them within two hours of a summer-time switch.
      let t = Math.floor(from + rnd() * (to - from));
      if (i % 2 === 0) {
        const year = 1996 + Math.floor(rnd() * 44);
        const base = ts(
          `${year}-${rnd() < 0.5 ? "03" : "10"}-${String(25 + Math.floor(rnd() * 7)).padStart(2, "0")}T00:00:00Z`,
        );
        t = base + Math.floor(rnd() * 4 * 3600);
      }
      expect(berlinIsoDate(t), String(t)).toBe(berlinDateOf(t));
    }
  });

  it("day numbers round-trip", () => {
    expect(isoDate(0)).toBe("1970-01-01");
    expect(dayOfIso("2024-02-29")).toBe(19_782);
    expect(isoDate(dayOfIso("2000-02-29"))).toBe("2000-02-29");
    expect(() => dayOfIso("2023-02-29")).toThrow();
    expect(berlinDay(ts("2024-02-29T12:00:00+01:00"))).toBe(19_782);
  });
});

describe("ISO timestamps", () => {
  it("writes what toISOString writes", () => {
    const cases = [0, 59, 3599, 3600, 86_399, 86_400, 951_782_400, 1_709_251_199, 253_402_300_799];
    for (let t = 0; t < 4_000_000_000; t += 7919 * 997) cases.push(t, t + 1, t - 3600);
    // Outside the cached form: fractions, before 1970, from year 10000 on.
    cases.push(1.5, -1, -86_400 * 400, 253_402_300_800);
    for (const t of cases) expect(isoUtc(t), String(t)).toBe(new Date(t * 1000).toISOString());
  });
});

describe("one-year period (§23 EStG, §§187, 188 BGB)", () => {
  it.each([
    ["2023-03-15", "2024-03-15"],
    ["2024-02-29", "2025-02-28"],
    ["2023-02-28", "2024-02-28"],
    ["2023-12-31", "2024-12-31"],
    ["2024-01-01", "2025-01-01"],
  ])("acquired %s: the last taxable day is %s", (acquired, last) => {
    expect(isoDate(holdingPeriodEnd(dayOfIso(acquired)))).toBe(last);
  });

  it("the anniversary is still taxable, the day after is not", () => {
    const a = dayOfIso("2023-03-15");
    expect(isTaxFree(a, dayOfIso("2024-03-15"))).toBe(false);
    expect(isTaxFree(a, dayOfIso("2024-03-16"))).toBe(true);
    const leap = dayOfIso("2024-02-29");
    expect(isTaxFree(leap, dayOfIso("2025-02-28"))).toBe(false);
    expect(isTaxFree(leap, dayOfIso("2025-03-01"))).toBe(true);
  });

  it("uses the German date, not UTC: bought 23:30 on 31 Dec (Berlin), sold 00:30 on 1 Jan a year later", () => {
    const bought = berlinDay(ts("2023-12-31T23:30:00+01:00"));
    const sold = berlinDay(ts("2025-01-01T00:30:00+01:00"));
    expect(isoDate(bought)).toBe("2023-12-31");
    expect(isTaxFree(bought, sold)).toBe(true);
    expect(isTaxFree(bought, berlinDay(ts("2024-12-31T23:59:00+01:00")))).toBe(false);
  });
});
