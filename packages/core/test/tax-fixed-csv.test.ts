import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { D } from "../src/chains/amounts.ts";
import {
  csvField,
  germanDate,
  germanNumber,
  TAX_CSV_COLUMNS,
  TAX_CSV_LOT_COLUMNS,
  taxReportCsv,
  taxReportFileName,
} from "../src/tax/csv.ts";
import {
  allocate,
  divideFixedText,
  divRound,
  divRoundPow10,
  eurCents,
  eurExact,
  formatFixed,
  germanRounded,
  parseEur,
  parseFixed,
  pow10,
} from "../src/tax/fixed.ts";
import { reportLineCents } from "../src/tax/line-cents.ts";
import type { ConsumedLot, ReportTransaction } from "../src/tax/types.ts";

describe("fixed point", () => {
  it("parses decimals exactly", () => {
    expect(parseFixed("1.5", 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseFixed("-0.000000000000000001", 18)).toBe(-1n);
    expect(parseFixed(".5", 2)).toBe(50n);
    expect(parseFixed("1e-7", 8)).toBe(10n);
    expect(parseFixed("2.5E3", 0)).toBe(2500n);
    expect(() => parseFixed("0.123", 2)).toThrow(/decimal places/);
    expect(parseFixed("0.125", 2, true)).toBe(13n);
    expect(() => parseFixed("1,5", 2)).toThrow();
  });

  it("formats exactly or rounded half away from zero", () => {
    expect(formatFixed(100_500_000_000_000_000_000n, 18)).toBe("100.5");
    expect(formatFixed(-1n, 18)).toBe("-0.000000000000000001");
    expect(formatFixed(0n, 18)).toBe("0");
    expect(eurCents(parseEur("0.005"))).toBe("0.01");
    expect(eurCents(parseEur("-0.005"))).toBe("-0.01");
    expect(eurCents(parseEur("0.004999"))).toBe("0.00");
    expect(eurCents(parseEur("-0.004"))).toBe("0.00");
    expect(eurCents(parseEur("1234567.891"))).toBe("1234567.89");
    expect(formatFixed(5n, 0, 2)).toBe("5.00");
    expect(divRound(-15n, 10n)).toBe(-2n);
    expect(divRound(14n, 10n)).toBe(1n);
  });

  it("formats like the plain definition, for random values of any sign and size", () => {
    // The definition, written the slow and obvious way.
    const reference = (value: bigint, scale: number, places?: number): string => {
      const rounded = places !== undefined && places < scale ? divRound(value, pow10(scale - places)) : value;
      const digits = places ?? scale;
      const shifted = places !== undefined && places > scale ? rounded * pow10(places - scale) : rounded;
      const abs = (shifted < 0n ? -shifted : shifted).toString().padStart(digits + 1, "0");
      let int = abs.slice(0, abs.length - digits);
      let frac = abs.slice(abs.length - digits);
      if (places === undefined) frac = frac.replace(/0+$/, "");
      int = (shifted < 0n ? "-" : "") + int;
      return frac ? `${int}.${frac}` : int;
    };
    let seed = 12_345n;
    const next = () => {
      seed = (seed * 6_364_136_223_846_793_005n + 1_442_695_040_888_963_407n) % 2n ** 64n;
      return seed;
    };
    for (let i = 0; i < 3000; i++) {
      const bits = next() % 100n;
      let v = next() % 2n ** (bits + 1n);
      if (i % 3 === 0) v = -v;
      if (i % 7 === 0) v = (v / 10n ** 9n) * 10n ** 9n + 5n * 10n ** 15n; // ties and trailing zeros
      for (const scale of [0, 2, 6, 18, 24]) {
        for (const places of [undefined, 0, 2, 6, 20]) {
          expect(formatFixed(v, scale, places), `${v} ${scale} ${places}`).toBe(reference(v, scale, places));
        }
      }
      expect(eurCents(v)).toBe(reference(v, 18, 2));
      expect(eurExact(v)).toBe(reference(v, 18));
      for (const k of [1, 2, 16, 30]) expect(divRoundPow10(v, k)).toBe(divRound(v, pow10(k)));
    }
    expect(eurCents(10n ** 40n + 5n * 10n ** 15n)).toBe("10000000000000000000000.01"); // beyond safe integers
    expect(eurCents(-(10n ** 27n))).toBe("-1000000000.00");
  });

  it("rounds an exact decimal text to at most 6 places with a decimal comma", () => {
    expect(germanRounded("1234.5", 6)).toBe("1234,5");
    expect(germanRounded("1234", 6)).toBe("1234");
    expect(germanRounded("1.1234564", 6)).toBe("1,123456");
    expect(germanRounded("1.1234565", 6)).toBe("1,123457");
    expect(germanRounded("1.0000004", 6)).toBe("1");
    expect(germanRounded("0.0000005", 6)).toBe("0,000001");
    expect(germanRounded("0.0000004", 6)).toBe("0");
    expect(germanRounded("1.1999995", 6)).toBe("1,2");
    expect(germanRounded("1299.9999995", 6)).toBe("1300");
    expect(germanRounded("999.9999999", 6)).toBe("1000");
    expect(germanRounded("-999.9999999", 6)).toBe("-1000");
  });

  it("allocates exactly", () => {
    expect(allocate(10n, [1n, 1n, 1n])).toEqual([3n, 3n, 4n]);
    expect(allocate(10n, [0n, 0n])).toEqual([0n, 10n]);
    expect(allocate(-7n, [2n, 5n]).reduce((a, b) => a + b, 0n)).toBe(-7n);
  });
});

const row = (over: Partial<ReportTransaction> = {}): ReportTransaction => ({
  hash: "0xabc",
  typ: "Verkauf",
  coin_name: "HEX",
  steuerpflichtig: true,
  haltefrist_endet: "2025-03-15",
  wertEUR: "1234567.891",
  token_address: "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
  from_address: "0x1111111111111111111111111111111111111111",
  to_address: "0x2222222222222222222222222222222222222222",
  block_timestamp: "2024-03-15T17:00:00.000Z",
  transaction_fee: "0.5",
  description: {
    key: "soldForEur",
    given: [{ amount: "5", symbol: "HEX" }],
    received: [],
    note: '"Notiz"\nzweite Zeile',
  },
  wallet: "0x1111111111111111111111111111111111111111",
  kind: "sell",
  chainId: 369,
  time: 1_710_522_000,
  date: "2024-03-15",
  amount: "5",
  lots: [],
  gain: "100",
  income: null,
  priceSource: "input",
  missingPrice: false,
  ...over,
});

describe("CSV export (semicolons, BOM, German numbers and dates)", () => {
  it("German numbers and dates", () => {
    expect(germanNumber("1234.56")).toBe("1.234,56");
    expect(germanNumber("1234567.895")).toBe("1.234.567,90");
    expect(germanNumber("0.004")).toBe("0,00");
    expect(germanNumber("-1000")).toBe("-1.000,00");
    expect(germanNumber("999.995")).toBe("1.000,00");
    expect(germanDate("2025-03-01")).toBe("01.03.2025");
  });

  it("quotes and defuses fields", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-1,00", false)).toBe("-1,00");
  });

  it("writes BOM, header, rows with CRLF", () => {
    const csv = taxReportCsv([
      row(),
      row({ steuerpflichtig: "unknown", wertEUR: null, transaction_fee: null, coin_name: "=cmd", typ: "Unbekannt" }),
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe([...TAX_CSV_COLUMNS, ...TAX_CSV_LOT_COLUMNS].join(";"));
    expect(lines[1]).toBe(
      '0xabc;Verkauf;HEX;Ja;15.03.2025;1.234.567,89;0x2b591e99afe9f32eaa6214f7b7629768c40eeb39;0x1111111111111111111111111111111111111111;0x2222222222222222222222222222222222222222;15.03.2024;0,50;"Verkauf: 5 HEX für 1234567,891 EUR – ""Notiz""\nzweite Zeile";PulseChain Mainnet;0x1111111111111111111111111111111111111111;5;HEX;;;;;;Angabe in den Eingabedaten',
    );
    expect(lines[2]?.split(";").slice(0, 6)).toEqual([
      "0xabc",
      "Unbekannt",
      "'=cmd",
      "Unbekannt",
      "15.03.2025",
      "unbekannt",
    ]);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("writes one line per lot a sale used, with its own taxability, cost, proceeds, gain and holding days", () => {
    const lot = (over: Partial<ConsumedLot>): ConsumedLot => ({
      use: "disposed",
      wallet: "0x1111111111111111111111111111111111111111",
      asset: "369:0xhex",
      acquired: "2023-01-10",
      acquiredAt: 1_673_308_800,
      amount: "2",
      cost: "10",
      proceeds: "30.5",
      gain: "20.5",
      taxFree: true,
      holdingPeriodEnds: "2024-01-10",
      ...over,
    });
    const csv = taxReportCsv(
      [
        row({
          lots: [
            lot({}),
            lot({
              acquired: "2024-02-01",
              amount: "3",
              cost: "40",
              proceeds: "45.75",
              gain: "5.75",
              taxFree: false,
              holdingPeriodEnds: "2025-02-01",
            }),
          ],
          priceSource: "pulsex_v2+ecb:2024-03-15",
          chainId: 1,
        }),
      ],
      { symbolOf: (asset) => (asset === "369:0xhex" ? "HEX" : asset) },
    );
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    const cells = (i: number) => (lines[i] as string).split(";");
    const lotPart = (i: number) => cells(i).slice(-10);
    expect(cells(1)[3]).toBe("Nein");
    expect(cells(2)[3]).toBe("Ja");
    expect(lotPart(1)).toEqual([
      "Ethereum Mainnet",
      "0x1111111111111111111111111111111111111111",
      "2",
      "HEX",
      "10.01.2023",
      "10,00",
      "30,50",
      "20,50",
      "430",
      "Uniswap-V2-Pool, EZB-Referenzkurs vom 15.03.2024",
    ]);
    expect(lotPart(2).slice(2, 9)).toEqual(["3", "HEX", "01.02.2024", "40,00", "45,75", "5,75", "43"]);
  });

  it("rounds the taxable lots' gains so that they add up to the year's figure to the cent", () => {
    const third = "0.333333333333333333";
    const lots: ConsumedLot[] = [0, 1, 2].map((i) => ({
      use: "disposed",
      wallet: "w",
      asset: "a",
      acquired: "2024-01-01",
      acquiredAt: 0,
      amount: "1",
      cost: "0",
      proceeds: third,
      gain: i === 2 ? "0.333333333333333334" : third,
      taxFree: false,
      holdingPeriodEnds: "2025-01-01",
    }));
    const cents = reportLineCents([row({ date: "2024-05-01", lots })]).taxableGain;
    // 0.33 + 0.33 + 0.33 would be 0.99; the year's figure is 1.00.
    expect([...cents.values()].reduce((a, b) => a + b, 0n)).toBe(100n);
    expect([...cents.values()].sort()).toEqual([33n, 33n, 34n]);
  });

  it("names the file after the address and the date", () => {
    expect(taxReportFileName("0x1234abcd", "2025-03-01")).toBe("steuerreport_0x1234_2025-03-01.csv");
    expect(taxReportFileName("0x1234abcd", "2025-03-01", 2024)).toBe("steuerreport_0x1234_2024_2025-03-01.csv");
    // 23:30 UTC on 28 Feb is already 1 March in Germany.
    expect(taxReportFileName("0xABCDEF12", new Date("2025-02-28T23:30:00Z"))).toBe(
      "steuerreport_0xABCD_2025-03-01.csv",
    );
  });
});

describe("divideFixedText (EUR per token from USD and the ECB rate)", () => {
  const digits = (min: number, max: number) =>
    fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));
  const decimal = (intDigits: number) =>
    fc
      .tuple(digits(1, intDigits), digits(0, 36))
      .map(([int, frac]) => (frac ? `${int}.${frac}` : int).replace(/^0+(?=\d)/, ""));

  it("writes what decimal.js writes, or leaves the division to it", () => {
    fc.assert(
      fc.property(decimal(40), decimal(8), fc.integer({ min: 0, max: 36 }), (usd, rate, places) => {
        const ours = divideFixedText(usd, rate, places);
        if (new D(rate).isZero()) return ours === undefined;
        return ours === undefined || ours === new D(usd).div(new D(rate)).toFixed(places);
      }),
      { numRuns: 5_000 },
    );
  });

  it("takes every price and rate a report meets", () => {
    const rate = fc.tuple(fc.integer({ min: 1, max: 9 }), digits(0, 6)).map(([i, f]) => (f ? `${i}.${f}` : `${i}`));
    fc.assert(
      fc.property(decimal(30), rate, (usd, r) => {
        expect(divideFixedText(usd, r, 36)).toBe(new D(usd).div(new D(r)).toFixed(36));
      }),
      { numRuns: 5_000 },
    );
  });

  it("rounds ties to even and writes every place", () => {
    expect(divideFixedText("0.25", "1", 1)).toBe("0.2");
    expect(divideFixedText("0.35", "1", 1)).toBe("0.4");
    expect(divideFixedText("1", "8", 2)).toBe("0.12");
    expect(divideFixedText("3", "8", 2)).toBe("0.38");
    expect(divideFixedText("1", "3", 0)).toBe("0");
    expect(divideFixedText("0", "1.0950", 4)).toBe("0.0000");
    expect(divideFixedText("12", "1.1", 36)).toBe(`10.${"90".repeat(17)}91`);
  });

  it("leaves signs, exponents, zero divisors and huge quotients to decimal.js", () => {
    for (const [usd, rate] of [
      ["-1", "1.1"],
      ["1e-7", "1.1"],
      [".5", "1.1"],
      ["1", "0"],
      ["1", "0.0"],
      [`1.${"1".repeat(37)}`, "1"],
      ["9".repeat(40), "0.0001"],
    ] as const)
      expect(divideFixedText(usd, rate, 36)).toBeUndefined();
  });
});
