/**
 * "Abgleich Börsen" in the report: per account the moves to and from the user's wallets (matched or
 * not, the open ones listed with time and coin) and the DAC8 totals, in both languages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ExchangeReconciliation } from "@pulsemanager/core";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { ExchangeReconciliationSection } from "../src/features/imports/exchange-reconciliation.tsx";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const BINANCE: ExchangeReconciliation = {
  account: "Binance",
  withdrawals: {
    total: 2,
    paired: 1,
    unpaired: [
      {
        id: "Binance line 7",
        time: "2024-03-02T09:00:00.000Z",
        symbol: "ETH",
        asset: "1:native",
        candidates: [
          { chainId: 1, txHash: `0x${"ab".repeat(32)}`, time: "2024-03-03T09:30:00.000Z", reason: "too-late" },
        ],
      },
    ],
  },
  deposits: { total: 1, paired: 1, unpaired: [] },
  dac8: { salesForFiat: 3, salesForFiatEur: "12345.60", salesWithoutEur: 1, swaps: 4, transfersOut: 2 },
};

async function words(lang: "de" | "en"): Promise<string> {
  const i18n = createInstance();
  const imports = JSON.parse(readFileSync(join(LOCALES, lang, "imports.json"), "utf8"));
  await i18n
    .use(initReactI18next)
    .init({ lng: lang, fallbackLng: false, resources: { [lang]: { imports } }, interpolation: { escapeValue: false } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ExchangeReconciliationSection exchanges={[BINANCE]} year={2024} />
    </I18nextProvider>,
  );
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("the exchange reconciliation", () => {
  it("German: moves matched and open, the DAC8 totals", async () => {
    const text = await words("de");
    expect(text).toContain("Abgleich Börsen 2024");
    expect(text).toContain("Auszahlungen an deine Wallets 2, davon 1 einer Wallet zugeordnet");
    expect(text).toMatch(/Verkäufe gegen Fiat 3 Verkäufe, 12\.345,60\s€/);
    expect(text).toContain("1 Verkauf ohne Euro-Wert in der Datei ist in der Summe nicht enthalten.");
    expect(text).toContain("1 Bewegung ohne Gegenstück in deinen Wallets");
    expect(text).toContain(": ETH");
    expect(text).toMatch(/Kandidat .*\(0xabababab…\): zu spät \(mehr als 24 Stunden nach der Auszahlung/);
  });

  it("English: the same figures", async () => {
    const text = await words("en");
    expect(text).toContain("Exchange reconciliation 2024");
    expect(text).toContain("Withdrawals to your wallets 2, 1 of them matched with a wallet");
    expect(text).toContain("Sales for fiat 3 sales, €12,345.60");
    expect(text).toContain("Swaps (crypto for crypto) 4");
  });
});
