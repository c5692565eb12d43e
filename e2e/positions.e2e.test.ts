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
    nfts: "NFTs",
    notValued: "nicht bewertet",
    states: ["aktiv", "überfällig", "überfällig"],
    totals: /^davon Liquidität [\d.,]+ € · gestakt [\d.,]+ €$/,
    day: /^Tag \d+ \(\d{2}\.\d{2}\.\d{4}\)$/,
  },
  en: {
    email: "Email address",
    password: "Password",
    signIn: "Sign in",
    lp: "Liquidity positions",
    stakes: "HEX stakes",
    nfts: "NFTs",
    notValued: "not valued",
    states: ["active", "late", "late"],
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
    it("shows the liquidity position, the stakes and the NFTs in their own sections, valued ones in the total", async () => {
      const { t, devchain } = suite.app;
      const users = devchain.chain(369).wallets.users as string[];
      const email = `positions.${lang}@example.de`;
      const password = "Positions2026!";
      const me = await confirmedUser(t, email, password, lang);
      for (const address of users)
        expect((await me.post("/api/wallet-management", { address, nickname: "W" })).status).toBe(200);

      const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      const asked: string[] = [];
      page.on("request", (req) => asked.push(req.url()));
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

      // NFTs: listed with their images through our proxy, not valued.
      const nfts = page.getByTestId("positions-nfts");
      expect(norm(await nfts.getByRole("heading").textContent())).toBe(`${w.nfts} (3)`);
      const cards = nfts.getByTestId("position-nft");
      expect(await cards.count()).toBe(3);
      for (const value of await nfts.getByTestId("position-value").locator("dd").allTextContents())
        expect(norm(value)).toBe(w.notValued);
      const images = nfts.locator("img");
      expect(await images.count()).toBe(2);
      await images.last().scrollIntoViewIfNeeded();
      await poll(() => images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).naturalWidth))).toEqual([
        16, 16,
      ]);
      expect(asked.filter((u) => !u.startsWith(t.baseUrl) && !u.startsWith("data:"))).toEqual([]);
      await screenshot(page, `positions-nfts-${lang}-${scheme}-${device}`);

      // Nothing scrolls sideways, also on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await lp.scrollIntoViewIfNeeded();
      await screenshot(page, `positions-${lang}-${scheme}-${device}`);
      await stakes.scrollIntoViewIfNeeded();
      await screenshot(page, `positions-stakes-${lang}-${scheme}-${device}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
