/**
 * The ROI tracker in Chromium on the devchain: a user with a saved devchain wallet sees the printer's
 * payouts found on chain (no distributor configured), the cards, the chart, the source and the
 * payouts; says a source is not income and takes it back; adds, edits and deletes a manual
 * investment (with the form's validation). German light desktop, English dark phone. The app's clock
 * stands a day after the devchain story's last payout, so its 90-day window covers the story.
 */
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { logIn } from "./support/billing.ts";
import { newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const WORDS = {
  de: {
    notIncome: "Nicht als Einkommen zählen",
    printer: "PLSX-Drucker",
    cancelConfirm: "Abbrechen",
    undo: "Zurücknehmen",
    add: "Investment hinzufügen",
    name: "Name",
    date: "Kaufdatum",
    price: "Kaufpreis gesamt (USD)",
    value: "Aktueller Wert gesamt (USD)",
    save: "Speichern",
    validation: "Validierungsfehler",
    nameRequired: "Der Name des Investments ist erforderlich.",
    delete: "Löschen",
  },
  en: {
    notIncome: "Don't count as income",
    printer: "PLSX printer",
    cancelConfirm: "Cancel",
    undo: "Take back",
    add: "Add investment",
    name: "Name",
    date: "Purchase date",
    price: "Purchase price total (USD)",
    value: "Current value total (USD)",
    save: "Save",
    validation: "Validation Error",
    nameRequired: "Investment name is required.",
    delete: "Delete",
  },
} as const;

const suite = devchainSuite({ from: "2023-12-01", to: "2025-01-31" });

/** The story's last printer payout to the wallet (the devchain's distributor paying users[2]), in unix seconds. */
async function lastPayout(wallet: string): Promise<number> {
  const client = await confirmedUser(suite.app.t, `probe.${Date.now()}@example.de`, "ProbePass1");
  const report = await client.post("/api/wallet-report-direct", { walletAddress: wallet, taxYear: 2024 });
  const roi = report.json.transactions.filter((r: { typ: string }) => r.typ === "ROI");
  return Math.max(...roi.map((r: { time: number }) => r.time));
}

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);

  describe(`ROI tracker (${lang}, ${scheme}, ${device})`, () => {
    it("shows the payouts found on chain, takes a 'not income' answer, and keeps manual investments", async () => {
      const { t, devchain } = suite.app;
      const wallet = (devchain.chain(369).wallets.users[2] as string).toLowerCase();
      const offset = ((await lastPayout(wallet)) + 86_400) * 1000 - t.clock.now().getTime();
      t.clock.advance(offset);
      try {
        const email = `roi.${lang}@example.de`;
        const password = "RoiTrack2026!";
        const client = await confirmedUser(t, email, password, lang);
        expect((await client.post("/api/wallet-management", { address: wallet, nickname: "Printer" })).status).toBe(
          200,
        );

        const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
        await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
        const page = await context.newPage();
        const errors = watchForErrors(page);
        await logIn(page, lang, email, password);
        await page.goto("/roi-tracker");

        // Cards, the source found on chain, the payouts.
        const payouts = page.getByTestId("roi-payout");
        await poll(() => payouts.count(), 30_000).toBeGreaterThan(0);
        const shown = await payouts.count();
        await poll(() => page.getByTestId("roi-month").textContent()).not.toMatch(/^[^0-9]*0[,.]00/);
        const sources = page.getByTestId("roi-sources").locator("tbody tr");
        expect(await sources.count()).toBe(1);
        expect(await sources.first().textContent()).toContain("PLSX");
        // Named by its token, not by its address; each payout names its wallet.
        expect(await sources.first().getByTestId("roi-source-name").textContent()).toBe(w.printer);
        expect(await page.getByTestId("roi-payout-wallet").first().textContent()).toBe("Printer");
        // Nothing scrolls sideways (a hidden table caption was once 422 px wide on a 390 px phone).
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).toBeLessThanOrEqual(0);
        await page
          .getByRole("img", { name: lang === "de" ? /Balkendiagramm/ : /Bar chart/ })
          .locator("svg")
          .first()
          .waitFor();
        await page.getByTestId("roi-cards").scrollIntoViewIfNeeded();
        await screenshot(page, `roi-tracker-${lang}-${scheme}-${device}`);

        // Not income: the payouts leave the tracker; taking the answer back brings them again.
        // Not income asks first: cancelling keeps the payouts, confirming drops the whole source.
        await page.getByTestId("not-income").click();
        const confirm = page.getByTestId("not-income-dialog");
        await confirm.getByRole("button", { name: w.cancelConfirm }).click();
        await poll(() => confirm.isVisible()).toBe(false);
        expect(await payouts.count()).toBe(shown);
        await page.getByTestId("not-income").click();
        await confirm.getByRole("button", { name: w.notIncome }).click();
        await poll(() => page.getByTestId("roi-payouts-empty").isVisible()).toBe(true);
        await page.getByTestId("income-choices").getByRole("button", { name: w.undo }).click();
        await poll(() => payouts.count()).toBe(shown);

        // A manual investment: the form's checks, then add, edit, delete.
        const section = page.getByTestId("investments");
        await section.getByRole("button", { name: w.add }).click();
        const dialog = page.getByTestId("investment-dialog");
        await dialog.getByRole("button", { name: w.add }).click();
        await poll(() => dialog.getByText(w.validation).isVisible()).toBe(true);
        expect(await dialog.getByText(w.nameRequired).isVisible()).toBe(true);
        await dialog.getByLabel(w.name, { exact: true }).fill("HEX OTC");
        await dialog.getByLabel(w.date).fill("2024-02-29");
        await dialog.getByLabel(w.price).fill(lang === "de" ? "1.000,50" : "1,000.50");
        await dialog.getByLabel(w.value).fill("1500");
        await dialog.getByRole("button", { name: w.add }).click();
        const rows = section.getByTestId("investment-row");
        await poll(() => rows.count()).toBe(1);
        expect(await section.getByTestId("investments-total").textContent()).toMatch(/499[.,]50/);
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `roi-investments-${lang}-${scheme}-${device}`);
        await rows
          .first()
          .getByRole("button", { name: /HEX OTC/ })
          .first()
          .click();
        await dialog.getByLabel(w.value).fill("900.5");
        await dialog.getByRole("button", { name: w.save }).click();
        await poll(() => section.getByTestId("investments-total").textContent()).toMatch(/-.*100/);
        await rows
          .first()
          .getByRole("button", { name: /HEX OTC/ })
          .last()
          .click();
        await page.getByTestId("investment-delete-dialog").getByRole("button", { name: w.delete }).click();
        await poll(() => section.getByTestId("investments-empty").isVisible()).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      } finally {
        t.clock.advance(-offset);
      }
    }, 240_000);
  });
}
