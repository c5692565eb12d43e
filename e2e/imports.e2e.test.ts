/**
 * Importing an exchange export in Chromium, as a new user on the wallet report page: a file of no known
 * format is refused with the reason; a KuCoin export shows its preview (counts, period, the unreadable
 * line with its reason) before anything is stored, is imported, and its account can be opened, renamed
 * and deleted. German light desktop, English dark phone.
 */

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { OFFLINE } from "../apps/server/test/support/offline.ts";
import { startAppServer, type TestServer } from "./support/app.ts";
import { logIn } from "./support/billing.ts";
import { launchBrowser, newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const WORDS = {
  de: {
    unknown: "Dieses Format kennen wir nicht",
    preview: "Erkannt: KuCoin-Export",
    badLine: "Zeile 4: „zwölf“ ist keine gültige Zahl.",
    newRows: "2 neue Zeilen werden importiert.",
    import: "Importieren",
    imported: "2 Zeilen in „KuCoin“ importiert.",
    showRows: "Zeilen ansehen",
    rename: "Umbenennen",
    name: "Name des Kontos",
    save: "Speichern",
    delete: "Löschen",
    deleteSubmit: "Konto löschen",
    none: "Noch kein Konto importiert.",
    short: "Für USDT, XTZ ergeben die Zeilen weniger als nichts",
  },
  en: {
    unknown: "We do not know this format",
    preview: "Recognised: a KuCoin export",
    badLine: "Line 4: “zwölf” is not a valid number.",
    newRows: "2 new rows will be imported.",
    import: "Import",
    imported: "2 rows imported into “KuCoin”.",
    showRows: "Show rows",
    rename: "Rename",
    name: "Name of the account",
    save: "Save",
    delete: "Delete",
    deleteSubmit: "Delete account",
    none: "No account imported yet.",
    short: "For USDT, XTZ the rows leave less than nothing",
  },
} as const;

const KUCOIN = [
  "tradeCreatedAt,symbol,side,price,size,funds,fee,feeCurrency",
  "2022-04-28 12:36:00,XRP-USDT,buy,0.65,100,65,0.065,USDT",
  "2022-04-28 15:46:07,XTZ-USDT,sell,2.8,10,28,0.028,USDT",
  "2022-04-29 10:00:00,XRP-USDT,buy,0.66,zwölf,7.92,0.01,USDT",
].join("\n");
const csv = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

let t: TestServer;
let browser: Browser;
beforeAll(async () => {
  t = await startAppServer(OFFLINE);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);
  describe(`exchange imports (${lang}, ${scheme}, ${device})`, () => {
    it("refuses an unknown file, previews a KuCoin export, imports it, shows, renames and deletes its account", async () => {
      const email = `imports.${lang}@example.de`;
      await confirmedUser(t, email, "ImportView2026!", lang);
      const context = await newContext(browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, "ImportView2026!");
      await page.goto("/wallet-report");
      const card = page.getByTestId("exchange-imports");
      const file = page.getByTestId("export-file");

      await file.setInputFiles(csv("kontoauszug.csv", "Datum;Betrag;Zweck\n01.01.2025;12,50;Miete\n"));
      await poll(() => card.getByText(w.unknown).isVisible()).toBe(true);

      await file.setInputFiles(csv("kucoin.csv", KUCOIN));
      const preview = page.getByTestId("import-preview");
      await poll(() => preview.getByText(w.preview).isVisible()).toBe(true);
      expect(await preview.getByText(w.badLine).isVisible()).toBe(true);
      expect(await preview.getByText(w.newRows).isVisible()).toBe(true);
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, `imports-preview-${lang}-${scheme}-${device}`);

      await preview.getByRole("button", { name: w.import, exact: true }).click();
      await poll(() => card.getByText(w.imported).isVisible()).toBe(true);
      const account = card.getByTestId("import-account");
      await account.getByRole("button", { name: w.showRows }).click();
      await poll(() => account.getByTestId("import-rows").getByText("XTZ").first().isVisible()).toBe(true);
      await account.scrollIntoViewIfNeeded();
      await screenshot(page, `imports-account-${lang}-${scheme}-${device}`);

      // The portfolio shows what the account holds after its rows: 100 XRP (no chain token: no value).
      await page.goto("/portfolio");
      const holdings = page.getByTestId("import-account-holdings");
      await poll(() => holdings.getByText("XRP").first().isVisible(), 30_000).toBe(true);
      expect(await holdings.getByText(w.short).isVisible()).toBe(true);
      await holdings.scrollIntoViewIfNeeded();
      await screenshot(page, `imports-portfolio-${lang}-${scheme}-${device}`);
      await page.goto("/wallet-report");

      await account.getByRole("button", { name: w.rename }).click();
      await account.getByLabel(w.name).fill("KuCoin Hauptkonto");
      await account.getByRole("button", { name: w.save }).click();
      await poll(() => account.getByText("KuCoin Hauptkonto").isVisible()).toBe(true);

      await account.getByRole("button", { name: w.delete, exact: true }).click();
      await page.getByTestId("delete-import-dialog").getByRole("button", { name: w.deleteSubmit }).click();
      await poll(() => card.getByText(w.none).isVisible()).toBe(true);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
}
