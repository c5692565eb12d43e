/**
 * The description of a report row on the page is in the user's language (the engine gives a key and
 * amounts; the advisor's CSV stays German), and reports stored before descriptions had keys still
 * show their German text.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  computeTaxReport,
  type ReportTransaction,
  rowDescriptionSchema,
  type SimpleEvent,
  simpleEventsToTaxEvents,
  stakeWallet,
  taxReportCsv,
} from "@pulsemanager/core";
import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { lotQuantity } from "../src/features/wallet-report/report-format.ts";
import { parseReportResult } from "../src/features/wallet-report/result/report-result-parse.ts";
import { describeRow } from "../src/features/wallet-report/table/row-description.ts";
import { sampleResult } from "./wallet-report-fixtures.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");

async function tFor(lang: "de" | "en"): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    fallbackLng: false,
    resources: {
      [lang]: { "wallet-report": JSON.parse(readFileSync(join(LOCALES, lang, "wallet-report.json"), "utf8")) },
    },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const W = "W1";
const events: SimpleEvent[] = [
  { time: "2024-01-10T12:00:00+01:00", wallet: W, type: "buy", asset: "HEX", amount: "1234.5", eur: "100" },
  {
    time: "2024-02-10T12:00:00+01:00",
    wallet: W,
    type: "swap",
    asset: "HEX",
    amount: "1000",
    toAsset: "PLSX",
    toAmount: "2000000.1234567",
    eur: "150",
  },
  { time: "2024-03-10T12:00:00+01:00", wallet: W, type: "income", asset: "INC", amount: "5", eur: "1.5" },
  { time: "2024-04-10T12:00:00+02:00", wallet: W, type: "transfer", asset: "PLSX", amount: "7", toWallet: "W2" },
  { time: "2024-05-10T12:00:00+02:00", wallet: W, type: "unknown-in", asset: "SPAM", amount: "3" },
];

function rows(): ReportTransaction[] {
  const { events: taxEvents, assets } = simpleEventsToTaxEvents(events);
  return computeTaxReport(taxEvents, undefined, { assets, year: 2024 }).transactions;
}

describe("row descriptions", () => {
  it("are English on an English page", async () => {
    const t = await tFor("en");
    expect(rows().map((r) => describeRow(r, t, "en"))).toEqual([
      "Buy: 1,234.5 HEX for €100.00",
      "Swap: 1,000 HEX for 2,000,000.123457 PLSX",
      "ROI: received 5 INC (income under § 22 No. 3)",
      "Transfer: 7 PLSX from W1 to W2 (own wallets, not a disposal)",
      "Unknown: received 3 SPAM, acquisition cost unknown",
    ]);
  });

  it("are German on a German page, and the advisor's CSV stays German whatever the page says", async () => {
    const t = await tFor("de");
    const engineRows = rows();
    expect(describeRow(engineRows[0] as ReportTransaction, t, "de")).toBe("Kauf: 1.234,5 HEX für 100,00\u00a0€");
    const csv = taxReportCsv(engineRows);
    expect(csv).toContain(";Kauf: 1234,5 HEX für 100,00 EUR;");
    expect(csv).toContain(";ROI: 5 INC erhalten (Einkünfte §22 Nr. 3);");
    expect(csv).not.toContain("received");
  });

  it("has a phrase in both languages for every key the engine gives", async () => {
    const [de, en] = [await tFor("de"), await tFor("en")];
    const keys = rowDescriptionSchema.shape.key.options.filter((k) => k !== "text");
    for (const key of [...keys, "boughtForEurNoValue", "soldForEurNoValue"]) {
      for (const t of [de, en]) expect(t(`wallet-report:descriptions.${key}`)).not.toBe(`descriptions.${key}`);
    }
  });

  it("says in the user's language that a declared arrival or missing units are the user's own statement", async () => {
    const { events: taxEvents, assets } = simpleEventsToTaxEvents([
      { time: "2024-02-01T12:00:00+01:00", wallet: W, type: "unknown-in", asset: "A", amount: "100", id: "drop" },
      { time: "2024-03-01T12:00:00+01:00", wallet: W, type: "sell", asset: "PLS", amount: "5", eur: "10", id: "s" },
    ]);
    const declared = computeTaxReport(taxEvents, undefined, {
      assets,
      year: 2024,
      declared: [
        { hash: "drop", wallet: W, asset: "A", kind: "cost", eur: "120", acquiredOn: "2021-02-01" },
        { hash: "s", wallet: W, asset: "PLS", kind: "sacrifice", given: "1,5 ETH", eur: "4", acquiredOn: "2021-07-20" },
      ],
    }).transactions;
    const [de, en] = [await tFor("de"), await tFor("en")];
    expect(declared.map((r) => describeRow(r, de, "de"))).toEqual([
      "Kauf: 100 A erhalten – Deine Angabe: gekauft für 120,00\u00a0€ am 01.02.2021",
      "Verkauf: 5 PLS für 10,00\u00a0€ – Deine Angabe zum fehlenden Bestand: Sacrifice (1,5 ETH) am 20.07.2021, Wert 4,00\u00a0€",
    ]);
    expect(describeRow(declared[0] as ReportTransaction, en, "en")).toBe(
      "Buy: received 100 A – your statement: bought for €120.00 on 02/01/2021",
    );
  });

  it("names a HEX stake's wallet as the wallet and the stake, in the user's language", async () => {
    const wallet = "0x00000000000000000000000000000000000000a1";
    const row = {
      typ: "Transfer" as const,
      description: { key: "stakeStart" as const, given: [{ amount: "1000", symbol: "HEX" }], received: [] },
      wertEUR: null,
      from_address: wallet,
      to_address: stakeWallet(wallet, "7"),
    };
    expect(describeRow(row, await tFor("en"), "en")).toBe(
      "Transfer: 1,000 HEX locked from 0x0000...00a1 into 0x0000...00a1 (HEX stake 7) (not a disposal, acquisition dates kept)",
    );
    expect(describeRow(row, await tFor("de"), "de")).toBe(
      "Transfer: 1.000 HEX von 0x0000...00a1 in 0x0000...00a1 (HEX-Stake 7) gelegt (keine Veräußerung, Anschaffungsdaten bleiben)",
    );
  });

  it("a report stored in the older shape still reads: its German text as it is, the lots' older names", async () => {
    const stored = JSON.parse(JSON.stringify(sampleResult(12)));
    const older = (lot: Record<string, unknown>) => {
      const { holdingPeriodEnds, taxFreeFrom, ...rest } = lot;
      return {
        ...rest,
        haltefristEndet: holdingPeriodEnds,
        ...(lot.taxFreeFrom === undefined ? {} : { steuerfreiAb: taxFreeFrom }),
      };
    };
    const old = {
      ...stored,
      transactions: stored.transactions.map(({ description: _, lots, ...row }: Record<string, unknown>) => ({
        ...row,
        lots: (lots as Record<string, unknown>[]).map(older),
        beschreibung: "Kauf: 1 HEX gegen 2 PLS",
      })),
      holdings: stored.holdings.map(older),
    };
    const parsed = parseReportResult(old);
    const t = await tFor("en");
    expect(parsed.transactions.map((r) => describeRow(r, t, "en"))).toEqual(Array(12).fill("Kauf: 1 HEX gegen 2 PLS"));
    expect(parsed.transactions.flatMap((r) => r.lots)).toEqual(
      stored.transactions.flatMap((r: ReportTransaction) => r.lots),
    );
    expect(parsed.holdings).toEqual(stored.holdings);
  });
});

describe("the opened row's lots show the unit of every quantity", () => {
  it("a swap's lot is in the token given, not the one received", () => {
    const swap = rows().find((r) => r.typ === "Tausch") as ReportTransaction;
    expect(swap.lots.map((lot) => lotQuantity(swap, lot, "de"))).toEqual(["1.000 HEX"]);
    const transfer = rows().find((r) => r.typ === "Transfer") as ReportTransaction;
    expect(transfer.lots.map((lot) => lotQuantity(transfer, lot, "en"))).toEqual(["7 PLSX"]);
  });

  it("a buy paid with PLS uses PLS lots", () => {
    const { events: taxEvents, assets } = simpleEventsToTaxEvents([
      { time: "2024-01-02T12:00:00+01:00", wallet: W, type: "buy", asset: "PLS", amount: "20000000", eur: "1000" },
    ]);
    const buy = computeTaxReport(
      [
        ...taxEvents,
        {
          time: Date.parse("2024-02-01T12:00:00Z") / 1000,
          kind: "buy",
          given: [{ wallet: W, asset: "PLS", amount: 20_000_000n * 10n ** 18n }],
          received: [{ wallet: W, asset: "HEX", amount: 5_000n * 10n ** 18n }],
          eur: "1100",
        },
      ],
      undefined,
      { assets, year: 2024 },
    ).transactions.find((r) => r.typ === "Kauf" && r.lots.length > 0) as ReportTransaction;
    expect(buy.coin_name).toBe("HEX");
    expect(buy.lots.map((lot) => lotQuantity(buy, lot, "de"))).toEqual(["20.000.000 PLS"]);
  });

  it("a lot stored before lots had a symbol is named by the one asset the row gave", () => {
    const swap = rows().find((r) => r.typ === "Tausch") as ReportTransaction;
    const stored = swap.lots.map(({ symbol: _, ...lot }) => lot);
    expect(stored.map((lot) => lotQuantity(swap, lot, "de"))).toEqual(["1.000 HEX"]);
  });
});
