/**
 * "Offene Punkte" in Chromium on the devchain: a user whose only saved wallet is the devchain's user B
 * makes the all-wallets report for 2024, sees what keeps the year from being complete, answers the
 * open points (a purchase price typed with a German decimal comma, then one click for "0 €"), watches
 * the list shrink until the year reads complete, takes an answer back and gives it again, runs the
 * report again with the answers, and chooses the fork cost rule in the settings. German light
 * desktop, English dark phone.
 *
 * Why user B in 2024: of the devchain's wallets, B's year has the fewest open points (USDC received
 * on Ethereum from an outside address and partly sold, and PLS of the balance PulseChain credited at
 * the start, the sacrifice, spent on tokens: both of unknown acquisition), no missing price and both
 * chains read to the end, so answering every point makes the year complete. The test answers whatever
 * the list shows (the sacrifice group with its own form), and needs at least two.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { logIn } from "./support/billing.ts";
import { newContext, SCREENSHOT_DIR, screenshot, watchForErrors } from "./support/browser.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const MINUTE = 60_000;

const WORDS = {
  de: {
    year: "Steuerjahr",
    analyse: "Analyse starten",
    title: "Offene Punkte",
    cost: "Kaufpreis und Datum eingeben",
    zero: "Geschenkt / Airdrop: 0 €",
    income: "Einkommen (§ 22 Nr. 3)",
    own: "Von meinem eigenen Konto/Wallet …",
    sacrifice: "Sacrifice: was und wann",
    given: "1,5 ETH",
    worth: "2.500,00",
    save: "Angabe speichern",
    eur: "120,50",
    eurError: "Bitte gib einen Betrag in Euro ein, z. B. 120,50",
    futureError: "Das Datum darf nicht in der Zukunft liegen.",
    remaining: /^Jahr 2024: noch (\d+) offene(?:r)? Punkte?$/,
    complete: "Das Jahr 2024 ist vollständig",
    stale: "Deine Angaben haben sich geändert, seit dieser Report erstellt wurde",
    runAgain: "Report neu erstellen",
    takeBack: "Zurücknehmen",
    settings: "Steuerreport: Kosten der Kopien bei der PulseChain-Abspaltung",
    split: "Kosten aufteilen (BMF-Regel für Hard Forks)",
    saved: "Gespeichert.",
  },
  en: {
    year: "Tax year",
    analyse: "Start analysis",
    title: "Open points",
    cost: "Enter purchase price and date",
    zero: "Gift / airdrop: €0",
    income: "Income (§ 22 No. 3)",
    own: "From my own account/wallet …",
    sacrifice: "Sacrifice: what and when",
    given: "1.5 ETH",
    worth: "2,500.00",
    save: "Save answer",
    eur: "120.50",
    eurError: "Please enter an amount in euros, e.g. 120.50",
    futureError: "The date must not be in the future.",
    remaining: /^Year 2024: still (\d+) open points?$/,
    complete: "The year 2024 is complete",
    stale: "Your answers have changed since this report was made",
    runAgain: "Run the report again",
    takeBack: "Take back",
    settings: "Tax report: cost of the copies made at the PulseChain fork",
    split: "Split the cost (the BMF’s rule for hard forks)",
    saved: "Saved.",
  },
} as const;

const suite = devchainSuite({ from: "2023-12-01", to: "2025-12-31" });

/** A picture of one part of the page (the whole section, also below the fold). */
async function sectionShot(page: Page, testId: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.getByTestId(testId).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const look = `${lang}-${scheme}-${deviceOf(viewport)}`;

  describe(`open points (${lang}, ${scheme}, ${deviceOf(viewport)})`, () => {
    it(
      "lists the open points, takes answers until the year is complete, and runs the report again",
      async () => {
        const { t, devchain } = suite.app;
        const wallet = devchain.chain(369).wallets.users[1] as string;
        const email = `open-points.${lang}@example.de`;
        const password = "OpenPoints2026!";
        const client = await confirmedUser(t, email, password, lang);
        expect((await client.post("/api/wallet-management", { address: wallet, nickname: "B" })).status).toBeLessThan(
          300,
        );

        const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
        await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
        const page = await context.newPage();
        const errors = watchForErrors(page);
        const sent: string[] = [];
        page.on("request", (req) => sent.push(`${req.method()} ${req.url()} ${req.postData() ?? ""}`));
        await logIn(page, lang, email, password);
        await page.goto("/wallet-report");

        // The form opens on "all saved wallets": the year's report over all of them.
        await page.getByLabel(w.year, { exact: true }).selectOption("2024");
        await page.getByRole("button", { name: w.analyse, exact: true }).click();
        await poll(() => page.getByTestId("report-result").isVisible(), 2 * MINUTE).toBe(true);

        const section = page.getByTestId("open-points");
        const groups = section.getByTestId("open-group");
        await poll(() => groups.count()).toBeGreaterThanOrEqual(2);
        const total = await groups.count();
        expect(await section.getByRole("heading", { name: w.title }).isVisible()).toBe(true);
        // Each group: token, how it arrived in words, its arrivals with a date and a transaction link.
        const first = groups.first();
        expect(await first.getByTestId("open-arrival").count()).toBeGreaterThan(0);
        expect(await first.locator('a[href*="/tx/0x"]').count()).toBeGreaterThan(0);
        for (const answer of [w.cost, w.zero, w.income, w.own])
          expect(await first.getByRole("button", { name: answer, exact: true }).isVisible()).toBe(true);
        // The tiles: the year in words and the count of open points.
        const year = page.getByTestId("year-status");
        expect(((await year.textContent()) ?? "").match(w.remaining)?.[1]).toBe(String(total));
        // The unknown-values tile counts what keeps the year open, not the airdrops never sold.
        expect(await page.getByTestId("tile-unknown-count").textContent()).toBe(String(total));
        await screenshot(page, `open-points-tiles-${look}`);
        await sectionShot(page, "open-points", `open-points-section-${look}`);

        // A purchase price: the form refuses a negative amount and a future date at the field.
        await first.getByRole("button", { name: w.cost, exact: true }).click();
        const form = first.getByTestId("declaration-form");
        await form.locator('input[inputmode="decimal"]').first().fill("-5");
        await form.locator('input[type="date"]').first().fill("2099-01-01");
        await form.getByRole("button", { name: w.save }).click();
        await poll(() => form.getByText(w.eurError).first().isVisible()).toBe(true);
        expect(await form.getByText(w.futureError).first().isVisible()).toBe(true);
        await sectionShot(page, "open-points", `open-points-form-errors-${look}`);
        expect(sent.filter((s) => s.startsWith("PUT") && s.includes("/api/tax/declarations"))).toEqual([]);
        // The user's number format goes in, the API's decimal goes out.
        for (const input of await form.locator('input[inputmode="decimal"]').all()) await input.fill(w.eur);
        for (const input of await form.locator('input[type="date"]').all()) await input.fill("2024-01-02");
        await form.getByRole("button", { name: w.save }).click();
        await poll(() => groups.count()).toBe(total - 1);
        const put = sent.find((s) => s.startsWith("PUT") && s.includes("/api/tax/declarations")) ?? "";
        expect(put).toContain('"kind":"cost"');
        expect(put).toContain('"eur":"120.50"');
        expect(put).toContain('"acquiredOn":"2024-01-02"');
        // The shown report was made before the answer: it says so and offers to run again.
        await poll(() => section.getByText(w.stale).isVisible()).toBe(true);
        await poll(() => section.getByTestId("declaration").count()).toBeGreaterThan(0);

        // The rest, until nothing is left and the year reads complete: the sacrifice with what was
        // given, when and its value; every other group with one click.
        for (let left = total - 1; left > 0; left--) {
          const group = groups.first();
          const sacrifice = group.getByRole("button", { name: w.sacrifice, exact: true });
          if ((await sacrifice.count()) > 0) {
            await sacrifice.click();
            const given = group.getByTestId("declaration-form");
            await given.locator('input:not([type="date"]):not([inputmode="decimal"])').fill(w.given);
            for (const input of await given.locator('input[inputmode="decimal"]').all()) await input.fill(w.worth);
            for (const input of await given.locator('input[type="date"]').all()) await input.fill("2021-07-20");
            await given.getByRole("button", { name: w.save }).click();
          } else await group.getByRole("button", { name: w.zero, exact: true }).click();
          await poll(() => groups.count()).toBe(left - 1);
        }
        if (sent.some((s) => s.includes('"kind":"sacrifice"')))
          expect(sent.find((s) => s.includes('"kind":"sacrifice"'))).toMatch(/"given":"1[.,]5 ETH","eur":"2500.00"/);
        await poll(() => year.textContent()).toBe(w.complete);
        expect(await page.getByTestId("tile-year").getAttribute("data-complete")).toBe("true");
        await sectionShot(page, "open-points", `open-points-complete-${look}`);

        // Taking an answer back puts its group back on the list; answering again completes the year.
        await section.getByTestId("take-back").first().click();
        await poll(() => groups.count()).toBe(1);
        expect(((await year.textContent()) ?? "").match(w.remaining)?.[1]).toBe("1");
        await groups.first().getByRole("button", { name: w.zero, exact: true }).click();
        await poll(() => year.textContent()).toBe(w.complete);

        // Running the report again applies the answers: no notice, nothing open, the year complete.
        await section.getByRole("button", { name: w.runAgain }).click();
        await poll(() => page.getByTestId("report-result").isVisible(), 2 * MINUTE).toBe(true);
        await poll(() => page.getByTestId("open-points").getByText(w.stale).count(), 2 * MINUTE).toBe(0);
        await poll(() => page.getByTestId("year-status").textContent()).toBe(w.complete);
        expect(await page.getByTestId("open-group").count()).toBe(0);
        expect(await page.getByTestId("tile-unknown-count").textContent()).toBe("0");
        await page.getByTestId("tile-year").scrollIntoViewIfNeeded();
        await screenshot(page, `open-points-rerun-${look}`);

        // The fork cost rule in the settings, kept after a reload.
        await page.goto("/settings");
        const fork = page.getByTestId("fork-cost");
        await poll(() => fork.getByRole("heading", { name: w.settings }).isVisible()).toBe(true);
        expect(await page.getByTestId("fork-cost-zero").isChecked()).toBe(true);
        await fork.getByText(w.split).click();
        await poll(() => fork.getByTestId("fork-cost-saved").isVisible()).toBe(true);
        expect(await fork.getByTestId("fork-cost-saved").textContent()).toContain(w.saved);
        await sectionShot(page, "fork-cost", `fork-cost-settings-${look}`);
        await page.reload();
        await poll(() => page.getByTestId("fork-cost-split").isChecked()).toBe(true);
        const settings = await client.get("/api/settings");
        expect(settings.json.forkCost).toBe("split");

        expect(errors).toEqual([]);
        await context.close();
      },
      8 * MINUTE,
    );
  });
}
