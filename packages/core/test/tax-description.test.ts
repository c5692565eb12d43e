/** The German phrase table of the descriptions (CSV, PDF, command line, the API's beschreibung), key by key. */
import { describe, expect, it } from "vitest";
import { type DescribedRow, germanDescription } from "../src/tax/description-de.ts";
import type { DescribedAmount, RowDescription } from "../src/tax/types.ts";

const HEX: DescribedAmount = { amount: "1234.5", symbol: "HEX" };
const PLS: DescribedAmount = { amount: "10.12345678", symbol: "PLS" };
const A = "0xaaaa";
const B = "0xbbbb";

function text(
  typ: DescribedRow["typ"],
  description: Partial<RowDescription>,
  wertEUR: string | null = "10.50",
): string {
  return germanDescription({
    typ,
    description: { key: "buy", given: [], received: [], ...description },
    wertEUR,
    from_address: A,
    to_address: B,
  });
}

describe("German descriptions", () => {
  it.each([
    ["Kauf", { key: "buy", given: [PLS], received: [HEX] }, "Kauf: 1234,5 HEX gegen 10,123457 PLS"],
    ["Verkauf", { key: "sell", given: [HEX], received: [PLS] }, "Verkauf: 1234,5 HEX gegen 10,123457 PLS"],
    [
      "Tausch",
      { key: "swap", given: [HEX, PLS], received: [HEX] },
      "Tausch: 1234,5 HEX + 10,123457 PLS gegen 1234,5 HEX",
    ],
    ["Kauf", { key: "boughtForEur", received: [HEX] }, "Kauf: 1234,5 HEX für 10,50 EUR"],
    ["Verkauf", { key: "soldForEur", given: [HEX] }, "Verkauf: 1234,5 HEX für 10,50 EUR"],
    ["ROI", { key: "income", received: [HEX] }, "ROI: 1234,5 HEX erhalten (Einkünfte §22 Nr. 3)"],
    [
      "Transfer",
      { key: "transfer", given: [HEX] },
      "Transfer: 1234,5 HEX von 0xaaaa an 0xbbbb (eigene Wallets, keine Veräußerung)",
    ],
    [
      "Transfer",
      { key: "wrap", given: [PLS] },
      "Transfer: 10,123457 PLS von 0xaaaa an 0xbbbb (eigene Wallets, keine Veräußerung) – Wrap (keine Veräußerung)",
    ],
    [
      "Transfer",
      { key: "unwrap", given: [PLS] },
      "Transfer: 10,123457 PLS von 0xaaaa an 0xbbbb (eigene Wallets, keine Veräußerung) – Unwrap (keine Veräußerung)",
    ],
    [
      "Unbekannt",
      { key: "unknownIn", received: [HEX] },
      "Unbekannt: 1234,5 HEX erhalten, Anschaffungskosten unbekannt",
    ],
    [
      "Unbekannt",
      { key: "unknownOut", given: [HEX] },
      "Unbekannt: 1234,5 HEX an eine fremde Adresse, Gegenleistung unbekannt",
    ],
    ["Gebühr", { key: "feeOnly" }, "Gebühr: Nur Transaktionsgebühr"],
  ] as const)("%s %j", (typ, description, expected) => {
    expect(text(typ, description as Partial<RowDescription>)).toBe(expected);
  });

  it("a one-sided buy without a value names the amount only, and a note follows a dash", () => {
    expect(text("Kauf", { key: "boughtForEur", received: [HEX] }, null)).toBe("Kauf: 1234,5 HEX");
    expect(text("Kauf", { key: "buy", given: [PLS], received: [HEX], note: "Börse $1" })).toBe(
      "Kauf: 1234,5 HEX gegen 10,123457 PLS – Börse $1",
    );
  });
});
