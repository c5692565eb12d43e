/**
 * The app writes its numbers and dates without Intl (lib/format-number.ts: the browser's first Intl
 * format costs a phone a long task). The texts must stay those Intl writes for de-DE and en-US: each
 * format is compared here with Intl (Node's, the same ICU data as the browser) over many values.
 */
import { D } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDay,
  formatFixed,
  formatInteger,
  formatPercent,
  formatSharePercent,
} from "../src/lib/format-number.ts";

const LANGUAGES = [
  ["de", "de-DE"],
  ["en", "en-US"],
] as const;

/** A small deterministic generator, so a failure names the same values on every run. */
function values(count: number): string[] {
  let seed = 20240513;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const out = [
    "0",
    "1",
    "-1",
    "0.5",
    "-0.5",
    "999.995",
    "1234.5",
    "1000000",
    "0.004",
    "0.00000004812",
    "-0.0000123456",
  ];
  for (let i = 0; i < count; i++) {
    const digits = String(next()).slice(0, 1 + (next() % 10));
    const point = next() % (digits.length + 8);
    const padded = digits.padStart(point + 1, "0");
    const text = point === 0 ? padded : `${padded.slice(0, -point) || "0"}.${padded.slice(-point)}`;
    out.push(next() % 4 === 0 ? `-${text}` : text);
  }
  return out;
}

/** What the app wrote with Intl before (the same rounding steps, Intl's own texts). */
function intlFixed(value: string, locale: string, decimals: number, currency?: string): string {
  const d = new D(value);
  const style = currency ? { style: "currency" as const, currency, currencyDisplay: "symbol" as const } : {};
  const format = (options: Intl.NumberFormatOptions, text: string) =>
    (new Intl.NumberFormat(locale, { ...style, ...options }).format as unknown as (v: string) => string)(text);
  const rounded = d.toDecimalPlaces(decimals, D.ROUND_HALF_UP);
  if (rounded.isZero() && !d.isZero())
    return format({ maximumSignificantDigits: 4 }, d.toSignificantDigits(4).toFixed());
  const text = rounded.isZero() ? "0" : rounded.toFixed(decimals);
  return format({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }, text);
}

function intlPercent(value: string, locale: string, shareDecimals: number, min: number, max: number): string {
  const share = new D(value).div(100).toDecimalPlaces(shareDecimals, D.ROUND_HALF_UP).toFixed();
  const nf = new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  });
  return (nf.format as unknown as (v: string) => string)(share);
}

describe("numbers written without Intl", () => {
  const all = values(400);

  it("write amounts as Intl does: grouping, decimals, tiny values, both currencies, both languages", () => {
    for (const [lang, locale] of LANGUAGES)
      for (const value of all)
        for (const decimals of [0, 2, 4, 6, 8])
          for (const currency of [undefined, "USD", "EUR"])
            expect(
              formatFixed(value, lang, { decimals, ...(currency ? { currency } : {}) }),
              `${value} ${decimals}`,
            ).toBe(intlFixed(value, locale, decimals, currency));
  });

  it("write percentages and shares as Intl's percent style does", () => {
    // Intl writes a share that rounds to zero with its sign ("-0,00 %"); the app writes 0.
    const nonZero = all.filter((v) => !new D(v).abs().lessThan("0.005"));
    for (const [lang, locale] of LANGUAGES) {
      for (const value of nonZero) expect(formatPercent(value, lang), value).toBe(intlPercent(value, locale, 6, 2, 2));
      for (const value of all.filter((v) => !new D(v).abs().lessThan("0.00005")))
        expect(formatSharePercent(value, lang), value).toBe(intlPercent(value, locale, 8, 2, 4));
    }
    expect(formatPercent("-0.001", "de")).toBe("0,00\u00a0%");
    expect(formatPercent("12.5", "en")).toBe("12.50%");
  });

  it("write counts as Intl does, and a missing count as a dash", () => {
    for (const [lang, locale] of LANGUAGES)
      for (const n of [0, 7, 999, 1000, 12345, 1234567, -4321, 2.5, 1e21])
        expect(formatInteger(n, lang)).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n));
    expect(formatInteger(Number.NaN, "de")).toBe("–");
  });
});

describe("dates written without Intl", () => {
  it("write an instant in the browser's time zone as Intl's medium date and short time do", () => {
    const instants = ["2025-03-12T10:00:00Z", "2024-12-31T23:59:59Z", "2026-01-01T00:00:00Z", "2025-07-04T12:30:00Z"];
    for (let h = 0; h < 24; h++) instants.push(`2025-11-0${1 + (h % 9)}T${String(h).padStart(2, "0")}:07:00Z`);
    for (const [lang, locale] of LANGUAGES)
      for (const iso of instants)
        expect(formatDateTime(iso, lang), iso).toBe(
          new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
        );
    expect(formatDateTime("garbage", "en")).toBe("–");
  });

  it("write a day as Intl's two-digit date does, with and without the year", () => {
    for (const [lang, locale] of LANGUAGES)
      for (const day of ["2025-03-12", "2024-12-31", "2023-01-05"])
        for (const withYear of [true, false]) {
          const date = new Date(`${day}T00:00:00Z`);
          const options = { day: "2-digit", month: "2-digit", timeZone: "UTC" } as const;
          const expected = new Intl.DateTimeFormat(locale, withYear ? { ...options, year: "numeric" } : options).format(
            date,
          );
          expect(formatDay(day, lang, withYear)).toBe(expected);
        }
  });
});
