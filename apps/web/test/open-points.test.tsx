/**
 * The wallet report's "Offene Punkte": what the answers send (German decimals, one declaration per
 * arrival), the same refusals as the server with the user's words at the field, the year's state in
 * words, and the section as the user sees it (groups, answers, stale notice, answers given).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TaxUnknownsResponse, UnknownGroup } from "@pulsemanager/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createInstance, type i18n as I18n } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import {
  apiEur,
  declarationsOf,
  emptyFields,
  formAnswersOf,
  formErrorsOfApi,
} from "../src/features/wallet-report/open-points/declaration-fields.ts";
import { OpenPointsSection } from "../src/features/wallet-report/open-points/open-points-section.tsx";
import { yearStatusOf, yearStatusSentence } from "../src/features/wallet-report/open-points/year-status.ts";
import { sampleResult } from "./wallet-report-fixtures.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const NOW = new Date("2025-06-15T12:00:00Z");
const WALLET = "0x95b303987a60c71504d99aa1b13b4da07b0790ab";
const HEX = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const TX = (n: number) => `0x${String(n).padStart(64, "0")}`;

function arrival(n: number, amount: string) {
  return {
    chainId: 369,
    txHash: TX(n),
    token: HEX,
    wallet: WALLET,
    arrivedOn: `2024-0${n}-01`,
    arrivedAt: 1704067200 + n * 86400 * 30,
    amount,
    disposedAmount: amount,
    eurAtStake: "40.00",
  };
}

const GROUP: UnknownGroup = {
  chainId: 369,
  token: HEX,
  asset: `369:${HEX}`,
  symbol: "HEX",
  arrivalKind: "from-outside",
  arrivals: [arrival(1, "100"), arrival(2, "50")],
  eurAtStake: "80.00",
};
const SACRIFICE: UnknownGroup = {
  ...GROUP,
  token: "native",
  asset: "369:native",
  symbol: "PLS",
  arrivalKind: "sacrifice",
  arrivals: [{ ...arrival(3, "1000000"), token: "native", eurAtStake: null }],
  eurAtStake: "0.00",
};

async function i18nFor(lang: "de" | "en"): Promise<I18n> {
  const instance = createInstance();
  const catalogue = (ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8"));
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { "wallet-report": catalogue("wallet-report"), common: catalogue("common") } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe("the answers a group sends", () => {
  it("one click for 0 € or income: one declaration per arrival of the group", () => {
    const sent = declarationsOf(GROUP, "zero", emptyFields(GROUP), "de", NOW);
    expect(sent.errors).toBeNull();
    expect(sent.declarations).toEqual([
      { chainId: 369, txHash: TX(1), token: HEX, wallet: WALLET, kind: "zero" },
      { chainId: 369, txHash: TX(2), token: HEX, wallet: WALLET, kind: "zero" },
    ]);
    expect(declarationsOf(GROUP, "income", emptyFields(GROUP), "en", NOW).declarations?.[1]?.kind).toBe("income");
  });

  it("reads German decimals ('120,50', '1.234,5') and sends the API's '120.50'", () => {
    expect(apiEur("120,50", "de")).toBe("120.50");
    expect(apiEur("1.234,5", "de")).toBe("1234.5");
    expect(apiEur("1,234.50", "en")).toBe("1234.50");
    const fields = {
      text: "Binance",
      arrivals: [
        { eur: "120,50", acquiredOn: "2021-03-01" },
        { eur: "0", acquiredOn: "2022-01-31" },
      ],
    };
    const sent = declarationsOf(GROUP, "own-transfer", fields, "de", NOW);
    expect(sent.declarations).toEqual([
      {
        chainId: 369,
        txHash: TX(1),
        token: HEX,
        wallet: WALLET,
        kind: "own-transfer",
        from: "Binance",
        eur: "120.50",
        acquiredOn: "2021-03-01",
      },
      {
        chainId: 369,
        txHash: TX(2),
        token: HEX,
        wallet: WALLET,
        kind: "own-transfer",
        from: "Binance",
        eur: "0",
        acquiredOn: "2022-01-31",
      },
    ]);
  });

  it("refuses what the server refuses, at the field: negative or no number, future, before 2009, no name", () => {
    const fields = {
      text: " ",
      arrivals: [
        { eur: "-5", acquiredOn: "2025-06-16" },
        { eur: "zwölf", acquiredOn: "2008-12-31" },
      ],
    };
    const sent = declarationsOf(GROUP, "own-transfer", fields, "de", NOW);
    expect(sent.declarations).toBeNull();
    expect(sent.errors).toEqual({
      text: "declarations.errors.text",
      "0.eur": "declarations.errors.eur",
      "0.acquiredOn": "declarations.errors.dateInFuture",
      "1.eur": "declarations.errors.eur",
      "1.acquiredOn": "declarations.errors.dateTooEarly",
    });
    const cost = declarationsOf(
      GROUP,
      "cost",
      {
        text: "",
        arrivals: [
          { eur: "1,234", acquiredOn: "" },
          { eur: "", acquiredOn: "2024-02-30" },
        ],
      },
      "de",
      NOW,
    );
    expect(cost.errors).toEqual({
      "0.eur": "declarations.errors.eur",
      "0.acquiredOn": "declarations.errors.date",
      "1.eur": "declarations.errors.eur",
      "1.acquiredOn": "declarations.errors.date",
    });
  });

  it("offers the sacrifice form only for the sacrifice group, first", () => {
    expect(formAnswersOf(GROUP)).toEqual(["own-transfer", "cost"]);
    expect(formAnswersOf(SACRIFICE)).toEqual(["sacrifice", "own-transfer", "cost"]);
    const sent = declarationsOf(
      SACRIFICE,
      "sacrifice",
      { text: "1,5 ETH", arrivals: [{ eur: "2.500,00", acquiredOn: "2021-07-20" }] },
      "de",
      NOW,
    );
    expect(sent.declarations?.[0]).toMatchObject({
      kind: "sacrifice",
      given: "1,5 ETH",
      eur: "2500.00",
      token: "native",
    });
  });

  it("puts the server's field errors at the form's fields", () => {
    expect(
      formErrorsOfApi({
        "declarations.1.eur": "declarations.errors.eur",
        "declarations.0.acquiredOn": "declarations.errors.dateInFuture",
        "declarations.0.from": "declarations.errors.text",
        "declarations.0.txHash": "declarations.errors.transaction",
      }),
    ).toEqual({
      "1.eur": "declarations.errors.eur",
      "0.acquiredOn": "declarations.errors.dateInFuture",
      text: "declarations.errors.text",
      _: "declarations.errors.transaction",
    });
  });
});

describe("the year's state in words", () => {
  const complete = { ...sampleResult(0), unknowns: [] };
  const listed = (groups: UnknownGroup[], done: boolean) => ({
    groups,
    complete: done,
    report: { id: "r1", generatedAt: "2025-06-01T10:00:00.000Z", stale: false },
  });

  it("is complete only with nothing open, no missing price and every chain read", async () => {
    const de = await i18nFor("de");
    const en = await i18nFor("en");
    const status = yearStatusOf(complete, listed([], true));
    expect(status.complete).toBe(true);
    expect(yearStatusSentence(de.t, status, 2024)).toBe("Das Jahr 2024 ist vollständig");
    expect(yearStatusSentence(en.t, status, 2024)).toBe("The year 2024 is complete");
    const open = { ...yearStatusOf(complete, listed([GROUP, SACRIFICE, GROUP], false)), missingPrices: 2 };
    expect(yearStatusSentence(de.t, open, 2024)).toBe("Jahr 2024: noch 3 offene Punkte, 2 fehlende Preise");
    expect(yearStatusSentence(en.t, open, 2024)).toBe("Year 2024: still 3 open points, 2 missing prices");
    const one = { ...open, openPoints: 1, missingPrices: 0, incompleteChains: [1] };
    expect(yearStatusSentence(de.t, one, 2024)).toBe(
      "Jahr 2024: noch 1 offener Punkt, Ethereum nicht vollständig gelesen",
    );
  });

  it("uses the report's own groups without a list, and the list once there is one", () => {
    expect(yearStatusOf({ ...sampleResult(0), unknowns: [GROUP] }, undefined)).toMatchObject({
      complete: false,
      openPoints: 1,
    });
    expect(yearStatusOf({ ...sampleResult(0), unknowns: [GROUP] }, listed([], true))).toMatchObject({
      complete: true,
      openPoints: 0,
    });
    // The list without a report over all wallets says nothing about the shown one.
    expect(
      yearStatusOf({ ...sampleResult(0), unknowns: [GROUP] }, { groups: [], complete: false, report: null }).openPoints,
    ).toBe(1);
  });
});

function unknowns(overrides: Partial<TaxUnknownsResponse> = {}): TaxUnknownsResponse {
  return {
    year: 2024,
    report: { id: "r1", generatedAt: "2025-06-01T10:00:00.000Z", stale: true },
    groups: [GROUP, SACRIFICE],
    declarations: [
      {
        chainId: 369,
        txHash: TX(9),
        token: HEX,
        wallet: WALLET,
        kind: "cost",
        eur: "12.50",
        acquiredOn: "2023-04-02",
        declaredAt: "2025-06-02T08:00:00.000Z",
      },
    ],
    complete: false,
    ...overrides,
  };
}

async function renderSection(lang: "de" | "en", data: TaxUnknownsResponse): Promise<string> {
  const i18n = await i18nFor(lang);
  const status = yearStatusOf({ ...sampleResult(0), unknowns: data.groups }, data);
  const symbols = new Map([[`369:${HEX}`, "HEX"]]);
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <OpenPointsSection
          year={2024}
          unknowns={{ data, isPending: false, isError: false, refetch: () => undefined }}
          status={status}
          symbols={symbols}
          onRunReport={() => undefined}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the 'Offene Punkte' section", () => {
  it("shows each group with how it arrived, its arrivals and the answers (German)", async () => {
    const text = await renderSection("de", unknowns());
    expect(text).toContain("Offene Punkte");
    expect(text).toContain("Von einer fremden Adresse erhalten");
    expect(text).toContain("PulseChain-Sacrifice: bei der Abspaltung gutgeschrieben");
    expect(text).toContain("01.01.2024");
    expect(text).toContain("100 HEX");
    expect(text).toContain("80,00 €");
    expect(text).toContain("Preis fehlt");
    for (const answer of [
      "Geschenkt / Airdrop: 0 €",
      "Einkommen (§ 22 Nr. 3)",
      "Von meinem eigenen Konto/Wallet …",
      "Kaufpreis und Datum eingeben",
    ])
      expect(text).toContain(answer);
    // The sacrifice answer only once: for the sacrifice group.
    expect(text.split("Sacrifice: was und wann").length - 1).toBe(1);
    expect(text).toContain("Deine Angaben haben sich geändert, seit dieser Report erstellt wurde");
    expect(text).toContain("Report neu erstellen");
    expect(text).toContain("Deine Angaben (1)");
    expect(text).toContain("HEX");
    expect(text).toContain("gekauft am 02.04.2023 für 12,50 €");
    expect(text).toContain("Zurücknehmen");
  });

  it("says when there is no report yet and offers to make one; a complete year says so (English)", async () => {
    const none = await renderSection("en", unknowns({ report: null, groups: [], declarations: [] }));
    expect(none).toContain("No 2024 report over all your wallets yet");
    expect(none).toContain("Make the 2024 report for all wallets");
    expect(none).not.toContain("Take back");
    const done = await renderSection(
      "en",
      unknowns({
        groups: [],
        complete: true,
        report: { id: "r2", generatedAt: "2025-06-03T10:00:00.000Z", stale: false },
      }),
    );
    expect(done).toContain("The year 2024 is complete");
    expect(done).not.toContain("Your answers have changed");
    expect(done).toContain("Take back");
  });
});
