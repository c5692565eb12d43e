/**
 * The portfolio's positions in the browser: D's PulseX liquidity, the HEX stakes of A and C on
 * PulseChain and D's on Ethereum, in German on a desktop and English on a phone (docs/product/wallets-and-portfolio.md).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const WORDS = {
  de: {
    email: "E-Mail-Adresse",
    password: "Passwort",
    signIn: "Anmelden",
    lp: "Liquiditätspositionen",
    stakes: "HEX-Stakes",
    states: ["aktiv", "aktiv", "überfällig"],
    totals: /^davon Liquidität [\d.,]+ € · gestakt [\d.,]+ €$/,
    day: /^Tag \d+ \(\d{2}\.\d{2}\.\d{4}\)$/,
  },
  en: {
    email: "Email address",
    password: "Password",
    signIn: "Sign in",
    lp: "Liquidity positions",
    stakes: "HEX stakes",
    states: ["active", "active", "late"],
    totals: /^of which liquidity \$[\d.,]+ · staked \$[\d.,]+$/,
    day: /^day \d+ \(\d{2}\/\d{2}\/\d{4}\)$/,
  },
} as const;

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const suite = devchainSuite({ from: isoDay(-60), to: isoDay(0) });
const norm = (s: string | null) => (s ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

async function logIn(page: Page, lang: "de" | "en", email: string, password: string) {
  const w = WORDS[lang];
  await page.goto("/auth/login");
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: w.signIn, exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);

  describe(`portfolio positions (${lang}, ${scheme}, ${device})`, () => {
    it("shows the liquidity position and the stakes in their own sections, counted in the total", async () => {
      const { t, devchain } = suite.app;
      const [A, , C, D] = devchain.chain(369).wallets.users as [string, string, string, string];
      const email = `positions.${lang}@example.de`;
      const password = "Positions2026!";
      const me = await confirmedUser(t, email, password, lang);
      for (const address of [A, C, D])
        expect((await me.post("/api/wallet-management", { address, nickname: "W" })).status).toBe(200);

      const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, password);
      await page.goto("/portfolio");

      const lp = page.getByTestId("positions-lp");
      await poll(() => lp.isVisible(), 60_000).toBe(true);
      expect(norm(await lp.getByRole("heading").textContent())).toBe(`${w.lp} (1)`);
      const lpCard = lp.getByTestId("position-lp");
      expect(norm(await lpCard.locator("p").first().textContent())).toMatch(/^(WPLS \/ PLSX|PLSX \/ WPLS)$/);
      expect(norm(await lpCard.getByTestId("position-value").locator("dd").textContent())).toMatch(/\d/);

      const stakes = page.getByTestId("positions-stakes");
      expect(norm(await stakes.getByRole("heading").textContent())).toBe(`${w.stakes} (3)`);
      const states = (await stakes.getByTestId("stake-state").allTextContents()).map(norm).sort();
      expect(states).toEqual([...w.states].sort());
      const firstDay = stakes.getByTestId("position-stake").first().locator("dd").nth(2);
      expect(norm(await firstDay.textContent())).toMatch(w.day);
      expect(norm(await page.getByTestId("summary-position-totals").textContent())).toMatch(w.totals);

      // Nothing scrolls sideways, also on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await lp.scrollIntoViewIfNeeded();
      await screenshot(page, `positions-${lang}-${scheme}-${device}`);
      await stakes.scrollIntoViewIfNeeded();
      await screenshot(page, `positions-stakes-${lang}-${scheme}-${device}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
