import {
  computeTaxReport,
  type SimpleEvent,
  simpleEventsToTaxEvents,
  type WalletReportResult,
  walletReportResultSchema,
  withGermanDescriptions,
} from "@pulsemanager/core";
import {
  type AdvisorPdfLabels,
  advisorPdfFileName,
  advisorPdfLabels,
  buildAdvisorPdf,
} from "@pulsemanager/report-files/advisor-pdf";
import { formatAmount, formatDate, formatEur } from "@pulsemanager/report-files/pdf-format";
import { winAnsiSafe } from "@pulsemanager/report-files/pdf-writer";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";

async function labelsFor(lang: "de" | "en"): Promise<AdvisorPdfLabels> {
  return advisorPdfLabels(lang);
}

const WALLET_A = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const WALLET_B = "0x1234567890abcdef1234567890abcdef12345678";

function report(overrides: Partial<WalletReportResult> = {}): WalletReportResult {
  const base: WalletReportResult = {
    address: "all",
    year: 2024,
    summary: {
      total: 1234,
      käufe: 410,
      verkäufe: 205,
      roi: 512,
      tausch: 87,
      unbekannt: 20,
      steuerpflichtig: 301,
      steuerfrei: 96,
      gesamtWertEUR: "98765.43",
      gainTaxable: "1234.56",
      gainTaxFree: "9876.54",
      gainTaxableAfterFreigrenze: "1234.56",
      income22: "250.10",
      income22AfterFreigrenze: "0.00",
      freigrenze23Crossed: true,
      freigrenze22Crossed: false,
      missingPrices: 3,
      unknownCosts: 2,
      unknown: 5,
    },
    transactions: [],
    years: {
      "2023": {
        year: 2023,
        gainTaxable: "10.00",
        gainTaxFree: "0.00",
        gainTaxableAfterFreigrenze: "0.00",
        income22: "0.00",
        income22AfterFreigrenze: "0.00",
        freigrenze23: "600.00",
        freigrenze22: "256.00",
        freigrenze23Crossed: false,
        freigrenze22Crossed: false,
        disposals: 1,
        unknownGains: 0,
        missingPrices: 0,
        exact: { gainTaxable: "10", gainTaxFree: "0", income22: "0" },
      },
      "2024": {
        year: 2024,
        gainTaxable: "1234.56",
        gainTaxFree: "9876.54",
        gainTaxableAfterFreigrenze: "1234.56",
        income22: "250.10",
        income22AfterFreigrenze: "0.00",
        freigrenze23: "1000.00",
        freigrenze22: "256.00",
        freigrenze23Crossed: true,
        freigrenze22Crossed: false,
        disposals: 318,
        unknownGains: 4,
        missingPrices: 3,
        exact: { gainTaxable: "1234.5612", gainTaxFree: "9876.5388", income22: "250.1" },
      },
    },
    holdings: [
      {
        wallet: WALLET_A,
        asset: "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
        symbol: "HEX",
        amount: "1500.5",
        acquired: "2024-05-01",
        acquiredAt: 1714557600,
        cost: "300.00",
        holdingPeriodEnds: "2025-05-01",
        taxFreeFrom: "2025-05-02",
      },
      {
        wallet: WALLET_A,
        asset: "369:0x2b591e99afe9f32eaa6214f7b7629768c40eeb39",
        symbol: "HEX",
        amount: "10",
        acquired: "2024-06-01",
        acquiredAt: 1717236000,
        cost: "2.00",
        holdingPeriodEnds: "2025-06-01",
        taxFreeFrom: "2025-06-02",
      },
      {
        wallet: WALLET_B,
        asset: "369:0x00000000000000000000000000000000000000aa",
        symbol: "Bärentöter",
        amount: "42",
        acquired: "2024-07-01",
        acquiredAt: 1719828000,
        cost: null,
        holdingPeriodEnds: "2025-07-01",
        taxFreeFrom: "2025-07-02",
      },
    ],
    missingPrices: [
      {
        hash: "0xaaa",
        time: 1719828000,
        date: "2024-07-01",
        wallet: WALLET_B,
        asset: "369:0x00000000000000000000000000000000000000aa",
        symbol: "Bärentöter",
        what: "value",
      },
      {
        hash: "0xbbb",
        time: 1719914400,
        date: "2024-07-02",
        wallet: WALLET_B,
        asset: "369:0x00000000000000000000000000000000000000bb",
        symbol: "🚀MOON月",
        what: "income",
      },
    ],
    unknownCosts: [
      {
        hash: "0xccc",
        time: 1722506400,
        date: "2024-08-01",
        wallet: WALLET_A,
        asset: "369:0x00000000000000000000000000000000000000cc",
        symbol: "Süßkram",
        amount: "0.000012345",
        reason: "unknown-cost",
      },
    ],
    meta: {
      generatedAt: "2025-03-15T13:30:00.000Z",
      period: { from: "2024-01-01", to: "2024-12-31" },
      method: "FIFO",
      wallets: [WALLET_A, WALLET_B],
      chains: [369, 1],
      transfers: 15230,
      manualEntries: 2,
      priceSources: { "defillama@369": 1100, "pulsex_v2@1": 60, "pulsex_v2@369": 35, input: 2, none: 37 },
      excludedTokens: [
        {
          chainId: 369,
          address: "0x1111111111111111111111111111111111111111",
          symbol: "HEX",
          reason: "fake-symbol",
          transfers: 2,
        },
        {
          chainId: 369,
          address: "0x2222222222222222222222222222222222222222",
          symbol: "CLAIM",
          reason: "spam",
          transfers: 5,
        },
      ],
      incompleteChains: [1],
    },
  };
  return walletReportResultSchema.parse({ ...base, ...overrides });
}

async function textOf(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  // pdf.js puts its own line breaks and spaces between drawn runs; compare on single spaces.
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

async function firstPageOf(pdf: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return (text[0] ?? "").replace(/\s+/g, " ");
}

describe("advisor PDF", () => {
  it("is a PDF with the year, the figures, both Freigrenzen and the umlauts (German)", async () => {
    const pdf = await buildAdvisorPdf(report(), "de", await labelsFor("de"));
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
    const { text } = await textOf(pdf);

    expect(text).toContain("Steuerbericht Kryptowerte 2024");
    expect(text).toContain("Zeitraum 01.01.2024 – 31.12.2024");
    expect(text).toContain("15.03.2025, 14:30 (deutsche Zeit)");
    expect(text).toContain(WALLET_A);
    expect(text).toContain(WALLET_B);
    expect(text).toContain("PulseChain (369), Ethereum (1)");
    expect(text).toContain("§ 23 Abs. 1 Satz 1 Nr. 2 EStG");
    expect(text).toContain("§ 22 Nr. 3 EStG");

    expect(text).toContain("Gewinn/Verlust innerhalb der Haltefrist (steuerpflichtig) 1.234,56 €");
    expect(text).toContain("Gewinne nach Ablauf der Haltefrist (steuerfrei) 9.876,54 €");
    expect(text).toContain("Freigrenze § 23 Abs. 3 Satz 5 EStG (2024) 1.000,00 €");
    // The fixture's Ethereum history was not read: no Freigrenze verdict (see the next tests).
    expect(text).toContain("Freigrenze erreicht oder überschritten unbekannt (Historie unvollständig)");
    expect(text).toContain("Steuerpflichtig nach Freigrenze unbekannt (Historie unvollständig)");
    expect(text).toContain("Einkünfte aus Staking und ROI-Auszahlungen 250,10 €");
    expect(text).toContain("Freigrenze § 22 Nr. 3 Satz 2 EStG 256,00 €");

    expect(text).toContain("Vorgänge gesamt 1.234");
    expect(text).toContain("Käufe 410");
    expect(text).toContain("Verkäufe 205");
    expect(text).toContain("Tausch 87");
    expect(text).toContain("DefiLlama 1.100");
    // A V2 pool on Ethereum is Uniswap, on PulseChain PulseX.
    expect(text).toContain("Uniswap-V2-Pool 60");
    expect(text).toContain("PulseX-V2-Pool 35");
    expect(text).toContain("Manuelle Eingabe 2");
    // The tokens left out, with the reason.
    expect(text).toContain("Ausgeschlossene Token");
    expect(text).toContain("Fälschung (fremdes Symbol)");
    expect(text).toContain("Spam (Link/Claim)");

    expect(text).toContain("Achtung: Die Zahlen sind unvollständig.");
    expect(text).toContain("Vorgänge mit fehlendem Preis 3");
    expect(text).toContain("Positionen mit unbekannten Anschaffungskosten oder Erlösen 2");
    expect(text).toContain("Veräußerungen mit unbekanntem Gewinn (nicht in den Beträgen enthalten) 4");
    expect(text).toContain("Nicht vollständig gelesene Blockchains Ethereum (1)");
    expect(text).toContain("Bärentöter");
    expect(text).toContain("0,00001235 Süßkram");
    expect(text).toContain("?MOON?"); // emoji and CJK replaced, not thrown
    expect(text).toContain("Offene Positionen (Lots) 3");
    expect(text).toContain("Token mit Bestand 2");
    expect(text).toContain("davon mit unbekannten Anschaffungskosten 1");
    expect(text).toContain("keine Steuerberatung");
    expect(text).toMatch(/Seite 1 von \d/);
  });

  it("writes English words and English number and date formats", async () => {
    const pdf = await buildAdvisorPdf(report(), "en", await labelsFor("en"));
    const { text } = await textOf(pdf);
    expect(text).toContain("Crypto tax report 2024");
    expect(text).toContain("Period 01/01/2024 – 12/31/2024");
    expect(text).toContain("Gain/loss within the holding period (taxable) €1,234.56");
    expect(text).toContain("Exemption limit § 23 (3) sentence 5 EStG (2024) €1,000.00");
    expect(text).toContain("Exemption limit § 22 no. 3 sentence 2 EStG €256.00");
    expect(text).toContain("All transactions 1,234");
    expect(text).toContain("Warning: the figures are incomplete.");
    expect(text).toContain("Bärentöter");
  });

  it("says the figures are complete when nothing is missing, and explains a loss", async () => {
    const base = report();
    const year = base.years["2024"];
    if (!year) throw new Error("fixture");
    const result = report({
      summary: { ...base.summary, gainTaxable: "-12.30", missingPrices: 0, unknownCosts: 0 },
      years: { "2024": { ...year, gainTaxable: "-12.30", unknownGains: 0 } },
      missingPrices: [],
      unknownCosts: [],
      meta: { ...base.meta, incompleteChains: [] },
    });
    const { text } = await textOf(await buildAdvisorPdf(result, "de", await labelsFor("de")));
    expect(text).toContain("(steuerpflichtig) -12,30 €");
    expect(text).toContain("Keine fehlenden Preise, keine unbekannten Anschaffungskosten");
    expect(text).not.toContain("unvollständig");
    expect(text).toContain("§ 23 Abs. 3 Satz 7 und 8 EStG");
  });

  it("says on its first page that an incomplete year's figures are not final (German and English)", async () => {
    const base = report();
    const unread = report({ meta: { ...base.meta, incompleteChains: [369] } });
    const de = await firstPageOf(await buildAdvisorPdf(unread, "de", await labelsFor("de")));
    expect(de).toContain("NICHT ENDGÜLTIG: Die Historie wurde nicht vollständig gelesen");
    expect(de).toContain("Nicht für die Steuererklärung verwenden");
    expect(de).toContain("Nicht vollständig gelesene Blockchains PulseChain");
    // Before the figures: the banner comes first on the page.
    expect(de.indexOf("NICHT ENDGÜLTIG")).toBeLessThan(de.indexOf("Zeitraum"));
    const { text } = await textOf(await buildAdvisorPdf(unread, "de", await labelsFor("de")));
    expect(text).not.toContain("Freigrenze erreicht oder überschritten Nein");
    expect(text).not.toContain("Steuerpflichtig nach Freigrenze 0,00 €");
    const en = await firstPageOf(await buildAdvisorPdf(unread, "en", await labelsFor("en")));
    expect(en).toContain("NOT FINAL: the history was not read completely");
    expect(en).toContain("Do not use it for the tax return");
  });

  it("states whether each Freigrenze is reached when every history was read", async () => {
    const base = report();
    const read = report({ meta: { ...base.meta, incompleteChains: [] } });
    const { text } = await textOf(await buildAdvisorPdf(read, "de", await labelsFor("de")));
    expect(text).toContain("Freigrenze erreicht oder überschritten Ja");
    expect(text).toContain("Steuerpflichtig nach Freigrenze 1.234,56 €");
    expect(text).toContain("Freigrenze erreicht oder überschritten Nein");
    expect(text).toContain("Steuerpflichtig nach Freigrenze 0,00 €");
  });

  it("marks a year with gaps as provisional and a complete year not at all", async () => {
    const base = report();
    const gaps = report({ meta: { ...base.meta, incompleteChains: [] } });
    const provisional = await firstPageOf(await buildAdvisorPdf(gaps, "de", await labelsFor("de")));
    expect(provisional).toContain("VORLÄUFIG: Es fehlen Werte");
    expect(provisional).not.toContain("NICHT ENDGÜLTIG");
    const year = base.years["2024"];
    if (!year) throw new Error("fixture");
    const complete = report({
      summary: { ...base.summary, missingPrices: 0, unknownCosts: 0 },
      years: { "2024": { ...year, unknownGains: 0 } },
      missingPrices: [],
      unknownCosts: [],
      meta: { ...base.meta, incompleteChains: [] },
    });
    const final = await firstPageOf(await buildAdvisorPdf(complete, "de", await labelsFor("de")));
    expect(final).not.toContain("VORLÄUFIG");
    expect(final).not.toContain("NICHT ENDGÜLTIG");
  });

  it("lists the gaps that matter first and groups thousands of unpriced airdrops after them", async () => {
    const events: SimpleEvent[] = [];
    for (let i = 0; i < 3000; i++)
      events.push({
        time: `2024-02-${String(1 + (i % 28)).padStart(2, "0")}T10:00:00+01:00`,
        wallet: WALLET_A,
        type: "unknown-in",
        asset: `AIR${i % 40}`,
        amount: "1000",
      });
    events.push(
      {
        time: "2024-06-01T10:00:00+02:00",
        wallet: WALLET_A,
        type: "unknown-in",
        asset: "USDC",
        amount: "10000",
        eur: "9200",
      },
      {
        time: "2024-06-02T10:00:00+02:00",
        wallet: WALLET_A,
        type: "unknown-in",
        asset: "DAI",
        amount: "25000",
        eur: "23000",
      },
    );
    const { events: taxEvents, assets } = simpleEventsToTaxEvents(events);
    const computed = computeTaxReport(taxEvents, undefined, { assets, year: 2024 });
    const result = report({
      transactions: withGermanDescriptions(computed.transactions),
      years: computed.years,
      summary: computed.summary,
      missingPrices: computed.missingPrices,
      unknownCosts: computed.unknownCosts,
    });
    const { text } = await textOf(await buildAdvisorPdf(result, "de", await labelsFor("de")));
    const list = text.slice(text.indexOf("Unbekannte Anschaffungskosten und Erlöse im Einzelnen"));
    // The 25,000 DAI and 10,000 USDC from outside lead, largest value first, before any airdrop.
    expect(list).toMatch(/25\.000 DAI .*23\.000,00 €.* 10\.000 USDC .*9\.200,00 €/);
    expect(list.indexOf("USDC")).toBeLessThan(list.indexOf("AIR"));
    expect(text).toContain("Airdrops ohne Preis, nie verkauft");
    const airdropGaps = [...computed.missingPrices, ...computed.unknownCosts].filter((g) => g.symbol.startsWith("AIR"));
    expect(airdropGaps.length).toBeGreaterThanOrEqual(3000);
    expect(text).toContain(`Lücken durch Airdrops ohne Preis ${airdropGaps.length.toLocaleString("de-DE")}`);
    expect(text).toContain("Verschiedene Token 40");
    expect(text).not.toContain("1.000 AIR");
  });

  it("takes the Freigrenze from the year (600 € up to 2023) and falls back to the summary", async () => {
    const base = report();
    const result = report({
      year: 2023,
      years: {},
      meta: { ...base.meta, period: { from: "2023-01-01", to: "2023-12-31" } },
    });
    const { text } = await textOf(await buildAdvisorPdf(result, "de", await labelsFor("de")));
    expect(text).toContain("Steuerbericht Kryptowerte 2023");
    expect(text).toContain("Freigrenze § 23 Abs. 3 Satz 5 EStG (2023) 600,00 €");
    expect(text).toContain("1.234,56 €");
  });

  it("flows onto more pages when the lists are long", async () => {
    const base = report();
    const many = Array.from({ length: 40 }, (_, i) => ({
      ...(base.missingPrices[0] as WalletReportResult["missingPrices"][number]),
      hash: `0x${i}`,
    }));
    const { text, pages } = await textOf(
      await buildAdvisorPdf(
        report({ missingPrices: many, unknownCosts: Array(20).fill(base.unknownCosts[0]) }),
        "de",
        await labelsFor("de"),
      ),
    );
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text).toContain("Weitere Einträge (siehe CSV-Export) 25");
    expect(text).toContain("Weitere Einträge (siehe CSV-Export) 5");
  });

  it("lists every taxable disposal and income line, and each table adds up to the figures above it", async () => {
    const events: SimpleEvent[] = [
      { time: "2022-03-01T12:00:00+01:00", wallet: "W1", type: "buy", asset: "HEX", amount: "1000", eur: "50" },
      { time: "2024-01-05T12:00:00+01:00", wallet: "W1", type: "buy", asset: "HEX", amount: "3000", eur: "100.001" },
      { time: "2024-02-05T12:00:00+01:00", wallet: "W1", type: "buy", asset: "PLSX", amount: "7", eur: "33.333" },
      // Uses the tax-free 2022 lot and part of the 2024 lot: only the second is listed.
      { time: "2024-06-10T12:00:00+02:00", wallet: "W1", type: "sell", asset: "HEX", amount: "2500", eur: "400.005" },
      { time: "2024-07-10T12:00:00+02:00", wallet: "W1", type: "sell", asset: "PLSX", amount: "7", eur: "20.004" },
      { time: "2024-08-01T12:00:00+02:00", wallet: "W1", type: "income", asset: "INC", amount: "5", eur: "1.115" },
      { time: "2024-09-01T12:00:00+02:00", wallet: "W1", type: "income", asset: "INC", amount: "5", eur: "2.225" },
    ];
    const { events: taxEvents, assets } = simpleEventsToTaxEvents(events);
    const computed = computeTaxReport(taxEvents, undefined, { assets, year: 2024 });
    const result = report({
      transactions: withGermanDescriptions(computed.transactions),
      years: computed.years,
      summary: computed.summary,
    });
    const figures = computed.years["2024"];
    const { text } = await textOf(await buildAdvisorPdf(result, "de", await labelsFor("de")));

    const euros = (part: string) => [...part.matchAll(/(-?[\d.]+,\d{2}) €/g)].map((m) => m[1] as string);
    const cents = (v: string) => BigInt(v.replace(/\./g, "").replace(",", ""));
    const section = (from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));

    const disposals = section("Steuerpflichtige Veräußerungen (Anlage SO)", "Summe");
    expect(disposals).toContain("05.01.2024 10.06.2024 HEX");
    expect(disposals).toContain("05.02.2024 10.07.2024 PLSX");
    expect(disposals).not.toContain("01.03.2022"); // the tax-free lot
    const gains = euros(disposals).filter((_, i) => i % 3 === 2); // proceeds, cost, gain per line
    expect(gains).toHaveLength(2);
    const disposalSum = gains.reduce((sum, g) => sum + cents(g), 0n);
    expect(disposalSum).toBe(cents(formatEur(figures?.gainTaxable ?? "", "de").replace(" €", "")));
    expect(text).toContain(`Summe ${formatEur(figures?.gainTaxable ?? "", "de")}`);

    const income = section("Einkünfte nach § 22 Nr. 3 EStG im Einzelnen", "Summe");
    const incomeValues = euros(income);
    expect(incomeValues).toEqual(["1,12", "2,22"]); // each 0.005 over; the one lost cent goes to the first
    expect(figures?.income22).toBe("3.34"); // 1.115 + 2.225 = 3.34: the lines' rounding is spread to match
    expect(text).toContain(`Summe ${formatEur("3.34", "de")}`);
  });

  it("has a last page with the Anlage SO lines and their amounts (German and English)", async () => {
    const events: SimpleEvent[] = [
      { time: "2024-01-05T12:00:00+01:00", wallet: "W1", type: "buy", asset: "HEX", amount: "3000", eur: "100" },
      { time: "2024-06-10T12:00:00+02:00", wallet: "W1", type: "sell", asset: "HEX", amount: "3000", eur: "1500" },
      { time: "2024-08-01T12:00:00+02:00", wallet: "W1", type: "income", asset: "INC", amount: "5", eur: "300" },
    ];
    const { events: taxEvents, assets } = simpleEventsToTaxEvents(events);
    const computed = computeTaxReport(taxEvents, undefined, { assets, year: 2024 });
    const result = report({
      transactions: withGermanDescriptions(computed.transactions),
      years: computed.years,
      summary: computed.summary,
    });
    const pdf = await buildAdvisorPdf(result, "de", await labelsFor("de"));
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const { text: pages } = await extractText(doc, { mergePages: false });
    const last = (pages.at(-1) ?? "").replace(/\s+/g, " ");
    expect(last).toContain("Anlage SO: die Zeilen des Formulars 2024");
    expect(last).toContain("Einheiten virtueller Währungen");
    expect(last).toContain("Zeile (47): Gewinn");
    expect(last).toContain("1.400,00 €");
    expect(last).toContain("300,00 €");
    expect(last).toContain("Freigrenze 1.000 € erreicht oder überschritten");
    expect(last).toContain("noch nicht am amtlichen Formular geprüft");
    const english = (await textOf(await buildAdvisorPdf(result, "en", await labelsFor("en")))).text;
    expect(english).toContain("Anlage SO: the lines of the form 2024");
    expect(english).toContain("€1,400.00");
  });

  it("says so when the year has no taxable disposal and no income", async () => {
    const { text } = await textOf(await buildAdvisorPdf(report(), "de", await labelsFor("de")));
    expect(text).toContain("Keine steuerpflichtige Veräußerung mit bekanntem Gewinn in diesem Jahr.");
    expect(text).toContain("Keine Einkünfte nach § 22 Nr. 3 EStG in diesem Jahr.");
  });

  it("names the file like the CSV export", () => {
    const date = new Date("2025-03-01T10:00:00Z");
    expect(advisorPdfFileName(report(), date)).toBe("steuerreport_all_2024_2025-03-01.pdf");
    expect(advisorPdfFileName({ address: WALLET_A, year: 2024 }, date)).toBe("steuerreport_0x95b3_2024_2025-03-01.pdf");
  });

  it("reads every label in both languages", async () => {
    for (const lang of ["de", "en"] as const) {
      const labels = await labelsFor(lang);
      const unresolved = Object.entries(labels).filter(([, v]) => v.trim() === "" || v.startsWith("pdf."));
      expect(unresolved).toEqual([]);
    }
  });
});

const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const TX = (n: number) => `0x${String(n).padStart(64, "0")}`;

/** A year read completely, without missing prices, whose open points the user answered (or not). */
function answeredYear(unknowns: WalletReportResult["unknowns"], forkCost: "zero" | "split") {
  const base = report();
  const year = base.years["2024"];
  if (!year) throw new Error("fixture");
  return report({
    summary: { ...base.summary, missingPrices: 0, unknownCosts: 0 },
    years: { "2024": { ...year, unknownGains: 0, missingPrices: 0 } },
    missingPrices: [],
    unknownCosts: [],
    unknowns,
    meta: {
      ...base.meta,
      incompleteChains: [],
      forkCost,
      declarationsVersion: "2025-03-10T09:00:00.000Z",
      declarations: [
        {
          chainId: 369,
          txHash: TX(1),
          token: HEX,
          wallet: WALLET_A,
          kind: "own-transfer",
          from: "Binance",
          eur: "120.50",
          acquiredOn: "2021-03-01",
          declaredAt: "2025-03-10T09:00:00.000Z",
        },
        {
          chainId: 369,
          txHash: TX(2),
          token: "native",
          wallet: WALLET_B,
          kind: "zero",
          declaredAt: "2025-03-09T08:00:00.000Z",
        },
      ],
    },
  });
}

const OPEN_GROUP = {
  chainId: 369,
  token: HEX,
  asset: `369:${HEX}`,
  symbol: "HEX",
  arrivalKind: "airdrop" as const,
  eurAtStake: "80.00",
  arrivals: [
    {
      chainId: 369,
      txHash: TX(3),
      token: HEX,
      wallet: WALLET_A,
      arrivedOn: "2024-02-01",
      arrivedAt: 1706745600,
      amount: "100",
      disposedAmount: "100",
      eurAtStake: "80.00",
    },
  ],
};

describe("advisor PDF: the user's declarations and the year's completeness", () => {
  it("lists every declaration the report applied as the user's own statement, with its date (German)", async () => {
    const { text } = await textOf(await buildAdvisorPdf(answeredYear([], "zero"), "de", await labelsFor("de")));
    expect(text).toContain("Eigene Angaben des Nutzers");
    expect(text).toContain("seine eigene Erklärung");
    // Oldest first, each with when it was stated, the token, the transaction and the wallet.
    expect(text).toContain("Angegeben am 09.03.2025, 09:00: PLS (PulseChain), Transaktion 0x0000…0002");
    expect(text).toContain(
      "Angegeben am 10.03.2025, 10:00: HEX (PulseChain), Transaktion 0x0000…0001, Wallet 0x95b3…90ab",
    );
    expect(text).toContain(
      "Von eigenem Konto/eigener Wallet: Binance, angeschafft am 01.03.2021, Anschaffungskosten 120,50 €",
    );
    expect(text).toContain("Geschenkt / Airdrop: Anschaffungskosten 0 EUR");
    expect(text.indexOf("09.03.2025, 09:00")).toBeLessThan(text.indexOf("10.03.2025, 10:00"));
  });

  it("names the fork cost choice in the method (both choices, both languages)", async () => {
    const zero = (await textOf(await buildAdvisorPdf(answeredYear([], "zero"), "de", await labelsFor("de")))).text;
    expect(zero).toContain("Anschaffungskosten der Kopien nach Wahl des Nutzers: 0 EUR");
    const split = (await textOf(await buildAdvisorPdf(answeredYear([], "split"), "en", await labelsFor("en")))).text;
    expect(split).toContain("Acquisition cost split as chosen by the user");
    expect(split).toContain("the BMF’s rule for hard forks");
    expect(split).toContain("The user’s own statements");
    // A report made before the setting existed says nothing about it.
    const old = (await textOf(await buildAdvisorPdf(report(), "de", await labelsFor("de")))).text;
    expect(old).not.toContain("PulseChain-Abspaltung");
    expect(old).not.toContain("Eigene Angaben des Nutzers");
  });

  it("says on its first page whether the year is complete", async () => {
    const complete = await firstPageOf(await buildAdvisorPdf(answeredYear([], "zero"), "de", await labelsFor("de")));
    expect(complete).toContain("Das Steuerjahr ist vollständig: keine offenen Punkte, keine fehlenden Preise");
    expect(complete).not.toContain("VORLÄUFIG");
    const open = await firstPageOf(
      await buildAdvisorPdf(answeredYear([OPEN_GROUP], "zero"), "en", await labelsFor("en")),
    );
    expect(open).toContain("The tax year is not complete.");
    expect(open).toContain("Open points (sold tokens of unknown origin) 1");
    expect(open).toContain("Missing prices 0");
    expect(open.indexOf("not complete")).toBeLessThan(open.indexOf("Period"));
  });

  it("says up to when the transactions are when the history was read shortly before the report", async () => {
    const plain = report();
    const base = (await textOf(await buildAdvisorPdf(plain, "de", await labelsFor("de")))).text;
    expect(base).not.toContain("Verlauf kurz vorher gelesen");
    const reused = report({ meta: { ...plain.meta, historyReadAt: "2025-03-15T13:25:00.000Z" } });
    const de = (await textOf(await buildAdvisorPdf(reused, "de", await labelsFor("de")))).text;
    expect(de).toContain("Transaktionen bis (Verlauf kurz vorher gelesen) 15.03.2025, 14:25 (deutsche Zeit)");
    const en = (await textOf(await buildAdvisorPdf(reused, "en", await labelsFor("en")))).text;
    expect(en).toContain("Transactions up to (history read shortly before)");
  });
});

describe("advisor PDF formats", () => {
  it("formats EUR from decimal strings without floats", () => {
    expect(formatEur("1234.56", "de")).toBe("1.234,56 €");
    expect(formatEur("1234.56", "en")).toBe("€1,234.56");
    expect(formatEur("-12.3", "de")).toBe("-12,30 €");
    expect(formatEur("-12.3", "en")).toBe("-€12.30");
    expect(formatEur("9007199254740993.005", "de")).toBe("9.007.199.254.740.993,01 €");
    expect(formatEur("0.00", "en")).toBe("€0.00");
  });

  it("formats dates and token amounts", () => {
    expect(formatDate("2024-03-12", "de")).toBe("12.03.2024");
    expect(formatDate("2024-03-12", "en")).toBe("03/12/2024");
    expect(formatAmount("1500.5", "de")).toBe("1.500,5");
    expect(formatAmount("1500.5", "en")).toBe("1,500.5");
    expect(formatAmount("0.000012345", "de")).toBe("0,00001235");
    expect(formatAmount("42", "de")).toBe("42");
  });

  it("keeps WinAnsi characters and replaces the rest", () => {
    const charset = new Set([..."abcäöüß€–? "].map((c) => c.codePointAt(0) as number));
    expect(winAnsiSafe("äöüß € – a", charset)).toBe("äöüß € – a");
    expect(winAnsiSafe("a\u0308b", charset)).toBe("äb"); // decomposed umlaut
    expect(winAnsiSafe("a🚀b月c\u00a0\n", charset)).toBe("a?b?c  ");
    expect(winAnsiSafe("👍🏽", charset)).toBe("??");
  });
});
