/**
 * A file that is no export the importers know is refused whole, with the reason the page shows:
 * empty, over 10 MB, binary (a spreadsheet saved as .xlsx), an unknown header (its first line named).
 * Exchange numbers and times are read exactly or not at all.
 */
import { describe, expect, it } from "vitest";
import { exchangeNumber } from "../src/imports/decimal-text.ts";
import { offsetTime, unzonedTime, utcTime, zonedTime } from "../src/imports/export-times.ts";
import { MAX_EXPORT_BYTES } from "../src/imports/imports-api.ts";
import { readExport } from "../src/imports/read-export.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a file the importers cannot read", () => {
  it("is refused whole with its reason", () => {
    expect(readExport(new Uint8Array())).toEqual({ ok: false, problem: "empty" });
    expect(readExport(new Uint8Array(MAX_EXPORT_BYTES + 1).fill(65))).toEqual({ ok: false, problem: "too-large" });
    expect(readExport(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({
      ok: false,
      problem: "not-text",
    });
    expect(readExport(bytes("Datum;Betrag;Notiz\n01.01.2025;12;x\n"))).toEqual({
      ok: false,
      problem: "unknown-format",
      detail: "Datum;Betrag;Notiz",
    });
  });
});

describe("an exchange's numbers", () => {
  it("are exact, with their sign, currency signs and spreadsheet exponents; anything else is no number", () => {
    expect(exchangeNumber("-€597.49846")).toBe("-597.49846");
    expect(exchangeNumber("$70.00")).toBe("70");
    expect(exchangeNumber("2.00000000 ETH")).toBe("2");
    expect(exchangeNumber("3.605E-05")).toBe("0.00003605");
    expect(exchangeNumber("-0.9049715199999999")).toBe("-0.9049715199999999");
    for (const bad of ["", "-", "=cmd|' /C calc'!A0", "1,5", "abc", undefined])
      expect(exchangeNumber(bad)).toBeUndefined();
  });
});

describe("an exchange's times", () => {
  it("are UTC where the file says so, converted from a named zone with its summer time, else kept without a zone", () => {
    expect(utcTime("2020-10-28 22:03:03")).toBe("2020-10-28T22:03:03Z");
    expect(utcTime("2025-01-17 16:57:02 UTC")).toBe("2025-01-17T16:57:02Z");
    expect(zonedTime("2023-07-01 12:00:00.620", "Europe/Amsterdam")).toBe("2023-07-01T10:00:00Z");
    expect(zonedTime("2023-01-01 12:00:00", "Europe/Amsterdam")).toBe("2023-01-01T11:00:00Z");
    expect(offsetTime("2022-07-02T08:53:13+02:00")).toBe("2022-07-02T06:53:13Z");
    expect(unzonedTime("06.01.2023 20:08")).toBe("2023-01-06T20:08:00");
    expect(utcTime("2023-02-30 10:00:00")).toBeUndefined();
    expect(utcTime("yesterday")).toBeUndefined();
    // A zone that is not a place would be the server's own.
    expect(zonedTime("2023-07-01 12:00:00", "local")).toBeUndefined();
    expect(zonedTime("2023-07-01 12:00:00", "system")).toBeUndefined();
  });
});
