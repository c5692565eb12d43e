import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_MANUAL_ENTRIES, simpleEventsToTaxEvents } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import {
  detectSeparator,
  germanDecimalToPoint,
  MANUAL_ENTRY_COLUMNS,
  MANUAL_IMPORT_ERROR_NAMES,
  manualEntriesTemplateCsv,
  parseManualEntriesCsv,
} from "../src/features/wallet-report/manual-entries/manual-entries-csv.ts";

const WALLET = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const OTHER = "0x1234567890abcdef1234567890abcdef12345678";
const HEX = "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const lookup = (lang: string, key: string) =>
  key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      JSON.parse(readFileSync(join(LOCALES, lang, "report-pdf.json"), "utf8")),
    );

describe("parseManualEntriesCsv", () => {
  it("reads a comma file with point decimals and quoted fields", () => {
    const csv = [
      "time,wallet,type,asset,amount,eur,feeEur,note",
      `2024-03-01T10:00:00+01:00,${WALLET},buy,${HEX},10000,1234.56,1.50,"Kauf an der Börse, danach übertragen"`,
      `1718445600,${WALLET},income,369:native,2500000.5,85.20,,Staking`,
    ].join("\n");
    const { entries, errors } = parseManualEntriesCsv(csv);
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      expect.objectContaining({
        time: "2024-03-01T10:00:00+01:00",
        wallet: WALLET,
        type: "buy",
        asset: HEX,
        amount: "10000",
        eur: "1234.56",
        feeEur: "1.50",
        note: "Kauf an der Börse, danach übertragen",
      }),
      expect.objectContaining({ time: "1718445600", type: "income", amount: "2500000.5", eur: "85.20" }),
    ]);
    expect(entries[1]?.feeEur).toBeUndefined();
    // What the page sends is what the engine takes.
    expect(simpleEventsToTaxEvents(entries).events).toHaveLength(2);
  });

  it("reads a semicolon file with a BOM, CRLF, any column order and German decimals", () => {
    const csv = `\uFEFF${[
      "note;eur;amount;asset;type;wallet;time;feeEur;toAsset;toAmount;toWallet;id;txHash",
      `Börse;1.234,56;10.000,5;${HEX};BUY;${WALLET.toUpperCase().replace("0X", "0x")};2024-03-01T10:00:00+01:00;1,5;;;;ex-1;`,
      `"Tausch; über DEX";0,99;1.234.567;${HEX};swap;${WALLET};2024-04-01T10:00:00+02:00;0;369:native;12,75;;;0xabc`,
      `;;;;;;;;;;;;`,
      "",
    ].join("\r\n")}`;
    const { entries, errors } = parseManualEntriesCsv(csv);
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      expect.objectContaining({
        type: "buy",
        wallet: WALLET,
        amount: "10000.5",
        eur: "1234.56",
        feeEur: "1.5",
        id: "ex-1",
        note: "Börse",
      }),
      expect.objectContaining({
        type: "swap",
        amount: "1234567",
        eur: "0.99",
        feeEur: "0",
        toAsset: "369:native",
        toAmount: "12.75",
        txHash: "0xabc",
        note: "Tausch; über DEX",
      }),
    ]);
  });

  it("reports an invalid row with its line and column, and keeps the valid rows", () => {
    const csv = [
      "time;wallet;type;asset;amount;eur",
      `2024-03-01T10:00:00+01:00;${WALLET};buy;${HEX};100;10,00`,
      "",
      `2024-03-02T10:00:00+01:00;${WALLET};buy;${HEX};abc;10,00`,
      `gestern;${WALLET};kaufen;${HEX};0;-5`,
      `2024-03-03T10:00:00+01:00;${WALLET};buy;${HEX};1.500;1`,
      `2024-03-04T10:00:00+01:00;${WALLET};swap;${HEX};1;1`,
      `2024-03-05T10:00:00+01:00;${WALLET};transfer;${HEX};1;`,
      `2024-03-06T10:00:00+01:00;${WALLET};buy;${HEX};1`,
    ].join("\n");
    const { entries, errors } = parseManualEntriesCsv(csv);
    expect(entries).toHaveLength(1);
    expect(errors).toEqual([
      { line: 4, key: "manualImport.errors.invalidNumber", values: { column: "amount", value: "abc" } },
      { line: 5, key: "manualImport.errors.invalidTime", values: { column: "time", value: "gestern" } },
      {
        line: 5,
        key: "manualImport.errors.invalidType",
        values: {
          column: "type",
          value: "kaufen",
          allowed: "buy, sell, swap, income, transfer, unknown-in, unknown-out, fork-copy, bridge",
        },
      },
      { line: 5, key: "manualImport.errors.notPositive", values: { column: "amount" } },
      { line: 5, key: "manualImport.errors.negative", values: { column: "eur" } },
      { line: 6, key: "manualImport.errors.ambiguousNumber", values: { column: "amount", value: "1.500" } },
      { line: 7, key: "manualImport.errors.swapNeedsTo", values: { column: "toAsset" } },
      { line: 8, key: "manualImport.errors.transferNeedsToWallet", values: { column: "toWallet" } },
      { line: 9, key: "manualImport.errors.fieldCount", values: { found: 5, expected: 6 } },
    ]);
  });

  it("counts lines through quoted line breaks", () => {
    const csv = [
      "time,wallet,type,asset,amount,note",
      `2024-03-01T10:00:00+01:00,${WALLET},buy,${HEX},1,"zwei`,
      `Zeilen"`,
      `2024-03-01T10:00:00+01:00,${WALLET},transfer,${HEX},1,`,
    ].join("\n");
    const { entries, errors } = parseManualEntriesCsv(csv);
    expect(entries[0]?.note).toBe("zwei\nZeilen");
    expect(errors.map((e) => [e.line, e.key])).toEqual([[4, "manualImport.errors.transferNeedsToWallet"]]);
  });

  it("reports a transfer to the same wallet and a missing value", () => {
    const csv = [
      "time,wallet,type,asset,amount,toWallet",
      `2024-03-01T10:00:00+01:00,${WALLET},transfer,${HEX},1,${WALLET}`,
      `2024-03-01T10:00:00+01:00,,transfer,${HEX},1,${OTHER}`,
    ].join("\n");
    expect(parseManualEntriesCsv(csv).errors).toEqual([
      { line: 2, key: "manualImport.errors.transferSameWallet", values: { column: "toWallet" } },
      { line: 3, key: "manualImport.errors.required", values: { column: "wallet" } },
    ]);
  });

  it("reports unknown, duplicate and missing columns on the header line", () => {
    const csv = ["time;wallet;Type;asset;eur;feeEuro;eur", `2024-03-01T10:00:00+01:00;${WALLET};buy;${HEX};1;2;3`].join(
      "\n",
    );
    const { errors } = parseManualEntriesCsv(csv);
    expect(errors.filter((e) => e.line === 1)).toEqual([
      {
        line: 1,
        key: "manualImport.errors.unknownColumn",
        values: { column: "feeEuro", allowed: MANUAL_ENTRY_COLUMNS.join(", ") },
      },
      { line: 1, key: "manualImport.errors.duplicateColumn", values: { column: "eur" } },
      { line: 1, key: "manualImport.errors.missingColumn", values: { column: "amount" } },
    ]);
  });

  it("reports an empty file, a header without rows and an unclosed quote", () => {
    for (const empty of ["", "\uFEFF", " \r\n\n"])
      expect(parseManualEntriesCsv(empty)).toEqual({
        entries: [],
        errors: [{ line: 0, key: "manualImport.errors.empty" }],
      });
    expect(parseManualEntriesCsv("time,wallet,type,asset,amount\n\n").errors).toEqual([
      { line: 0, key: "manualImport.errors.noRows" },
    ]);
    const unclosed = `time,wallet,type,asset,amount,note\n2024-03-01T10:00:00+01:00,${WALLET},buy,${HEX},1,"offen\n`;
    expect(parseManualEntriesCsv(unclosed).errors).toEqual([{ line: 2, key: "manualImport.errors.quotes" }]);
  });

  it("refuses more than MAX_MANUAL_ENTRIES rows", () => {
    const row = `2024-03-01T10:00:00+01:00,${WALLET},buy,${HEX},1`;
    const csv = ["time,wallet,type,asset,amount", ...Array(MAX_MANUAL_ENTRIES + 1).fill(row)].join("\n");
    expect(parseManualEntriesCsv(csv)).toEqual({
      entries: [],
      errors: [{ line: 0, key: "manualImport.errors.tooMany", values: { max: MAX_MANUAL_ENTRIES } }],
    });
    const atLimit = ["time,wallet,type,asset,amount", ...Array(MAX_MANUAL_ENTRIES).fill(row)].join("\n");
    expect(parseManualEntriesCsv(atLimit).entries).toHaveLength(MAX_MANUAL_ENTRIES);
  });
});

describe("German decimals (only in numeric columns of ; files)", () => {
  it("converts grouped thousands and decimal commas", () => {
    expect(germanDecimalToPoint("1.234,56")).toEqual({ ok: true, value: "1234.56" });
    expect(germanDecimalToPoint("1234,56")).toEqual({ ok: true, value: "1234.56" });
    expect(germanDecimalToPoint("0,5")).toEqual({ ok: true, value: "0.5" });
    expect(germanDecimalToPoint(",5")).toEqual({ ok: true, value: "0.5" });
    expect(germanDecimalToPoint("12,")).toEqual({ ok: true, value: "12" });
    expect(germanDecimalToPoint("-1.000,01")).toEqual({ ok: true, value: "-1000.01" });
    expect(germanDecimalToPoint("1.234.567")).toEqual({ ok: true, value: "1234567" });
    expect(germanDecimalToPoint("0,000000000000000001")).toEqual({ ok: true, value: "0.000000000000000001" });
  });

  it("takes a lone point with other than three digits after it as a decimal point", () => {
    expect(germanDecimalToPoint("1.5")).toEqual({ ok: true, value: "1.5" });
    expect(germanDecimalToPoint("0.125")).toEqual({ ok: true, value: "0.125" });
    expect(germanDecimalToPoint("1234.56")).toEqual({ ok: true, value: "1234.56" });
  });

  it("rejects the ambiguous and the malformed", () => {
    expect(germanDecimalToPoint("1.500")).toEqual({ ok: false, key: "ambiguousNumber" });
    expect(germanDecimalToPoint("12.345")).toEqual({ ok: false, key: "ambiguousNumber" });
    for (const bad of ["1,234,56", "12.34,5", "1.2.3", "1 234,56", "€5", "1e5", "", ",", "-"])
      expect(germanDecimalToPoint(bad)).toEqual({ ok: false, key: "invalidNumber" });
  });

  it("leaves numbers of , files to the schema (a decimal comma there is an error)", () => {
    const csv = `time,wallet,type,asset,amount\n2024-03-01T10:00:00+01:00,${WALLET},buy,${HEX},"1,5"`;
    expect(parseManualEntriesCsv(csv).errors).toEqual([
      { line: 2, key: "manualImport.errors.invalidNumber", values: { column: "amount", value: "1,5" } },
    ]);
  });

  it("detects the separator from the header line", () => {
    expect(detectSeparator("time;wallet;type\n1,2,3,4,5")).toBe(";");
    expect(detectSeparator('"a;b",c,d\n')).toBe(",");
    expect(detectSeparator("\n\ntime,wallet")).toBe(",");
  });
});

describe("template and messages", () => {
  it("the template parses back without errors, in both languages", () => {
    for (const lang of ["de", "en"] as const) {
      const template = manualEntriesTemplateCsv(lang);
      expect(template.startsWith("\uFEFFtime")).toBe(true);
      expect(template.trim().split("\r\n")).toHaveLength(3);
      const { entries, errors } = parseManualEntriesCsv(template);
      expect(errors).toEqual([]);
      expect(entries.map((e) => [e.type, e.amount, e.eur])).toEqual([
        ["buy", "10000", "1234.56"],
        ["income", "2500000.5", "85.20"],
      ]);
    }
    expect(manualEntriesTemplateCsv()).toBe(manualEntriesTemplateCsv("de"));
  });

  it("every error key exists in both languages", () => {
    for (const lang of ["de", "en"])
      for (const name of MANUAL_IMPORT_ERROR_NAMES)
        expect(typeof lookup(lang, `manualImport.errors.${name}`), `${lang}: ${name}`).toBe("string");
  });
});
