import { describe, expect, it } from "vitest";
import {
  csvField,
  germanDate,
  germanNumber,
  TAX_CSV_COLUMNS,
  taxReportCsv,
  taxReportFileName,
} from "../src/tax/csv.ts";
import { allocate, divRound, eurCents, formatFixed, parseEur, parseFixed } from "../src/tax/fixed.ts";
import type { ReportTransaction } from "../src/tax/types.ts";

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
  beschreibung: 'Verkauf: 5 HEX; "Notiz"\nzweite Zeile',
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

describe("CSV export (spec 02 §9)", () => {
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
    expect(lines[0]).toBe(TAX_CSV_COLUMNS.join(";"));
    expect(lines[1]).toBe(
      '0xabc;Verkauf;HEX;Ja;15.03.2025;1.234.567,89;0x2b591e99afe9f32eaa6214f7b7629768c40eeb39;0x1111111111111111111111111111111111111111;0x2222222222222222222222222222222222222222;15.03.2024;0,50;"Verkauf: 5 HEX; ""Notiz""\nzweite Zeile"',
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

  it("names the file after the address and the date", () => {
    expect(taxReportFileName("0x1234abcd", "2025-03-01")).toBe("steuerreport_0x1234_2025-03-01.csv");
    expect(taxReportFileName("0x1234abcd", "2025-03-01", 2024)).toBe("steuerreport_0x1234_2024_2025-03-01.csv");
    // 23:30 UTC on 28 Feb is already 1 March in Germany.
    expect(taxReportFileName("0xABCDEF12", new Date("2025-02-28T23:30:00Z"))).toBe(
      "steuerreport_0xABCD_2025-03-01.csv",
    );
  });
});
