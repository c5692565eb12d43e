/**
 * The descriptions of a fork copy and of bridge moves on the page, in the user's language (the
 * advisor's CSV keeps core's German): the fork's date, the chains, why an unmatched side is alone.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { germanDescription, type RowDescription } from "@pulsemanager/core";
import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { describeRow } from "../src/features/wallet-report/table/row-description.ts";

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

const HEX = [{ amount: "10", symbol: "HEX" }];
const row = (typ: "Transfer" | "Unbekannt", description: RowDescription) => ({
  typ,
  description,
  wertEUR: null,
  from_address: "",
  to_address: "",
});

const cases: [string, ReturnType<typeof row>, string, string][] = [
  [
    "a fork copy",
    row("Transfer", { key: "forkCopy", given: HEX, received: HEX, date: "2023-05-11" }),
    "Transfer: Kopie bei der PulseChain-Abspaltung am 11.05.2023: 10 HEX (Anschaffungsdatum des Originals)",
    "Transfer: Copy made at the PulseChain fork on 11 May 2023: 10 HEX (the original's acquisition date)",
  ],
  [
    "a bridge move",
    row("Transfer", { key: "bridge", given: HEX, received: HEX, fromChain: 1, toChain: 369 }),
    "Transfer: Brücke: 10 HEX von Ethereum nach PulseChain",
    "Transfer: Bridge: 10 HEX from Ethereum to PulseChain",
  ],
  [
    "an arrival whose departure was not found",
    row("Unbekannt", {
      key: "bridgeUnmatched",
      given: [],
      received: HEX,
      fromChain: 1,
      toChain: 369,
      reason: "not-found",
    }),
    "Unbekannt: Brücke: 10 HEX von Ethereum, Gegenstück auf Ethereum nicht gefunden",
    "Unknown: Bridge: 10 HEX from Ethereum, counterpart on Ethereum not found",
  ],
  [
    "a departure to an outside address",
    row("Unbekannt", {
      key: "bridgeUnmatched",
      given: HEX,
      received: [],
      fromChain: 1,
      toChain: 369,
      reason: "not-own",
    }),
    "Unbekannt: Brücke: 10 HEX an eine fremde Adresse auf PulseChain",
    "Unknown: Bridge: 10 HEX to an outside address on PulseChain",
  ],
];

describe("fork and bridge descriptions", () => {
  it.each(cases)("%s: German and English on the page, German in the CSV", async (_name, r, german, english) => {
    expect(describeRow(r, await tFor("de"), "de")).toBe(german);
    expect(describeRow(r, await tFor("en"), "en")).toBe(english);
    expect(germanDescription(r)).toBe(german);
  });
});
