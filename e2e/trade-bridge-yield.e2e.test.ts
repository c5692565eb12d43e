/**
 * The token trade quote, the bridge page and the yield examples in Chromium on the devchain: a user
 * with two devchain wallets gets the PulseX quote for PLS -> HEX (the same figure the API answers,
 * links to PulseX and Piteas in a new tab, no frame, no signature), sees the form's messages, sees the
 * official bridge with the look-alike warning and his bridged DAI and fork copies, and the pool cards
 * each labelled as an example with their formula. German light desktop, English dark phone.
 */
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { logIn } from "./support/billing.ts";
import { newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const WORDS = {
  de: {
    trade: "Token-Tausch",
    to: "Du erhältst",
    address: "Vertragsadresse auf PulseChain",
    amount: "Betrag (ganze Tokens)",
    submit: "Kurs abfragen",
    custom: "Anderer Token: Vertragsadresse eingeben",
    badAmount: "Bitte gib einen Betrag größer als 0 ein (z. B. 12,5).",
    tooManyDecimals: "Der Betrag hat mehr Nachkommastellen, als der Token erlaubt.",
    noRoute: "PulseX hat für diese zwei Tokens keinen Pool, weder direkt noch über WPLS.",
    pulsex: "Auf PulseX öffnen",
    piteas: "Auf Piteas öffnen (Aggregator)",
    bridgeTitle: "Die offizielle PulseChain-Bridge",
    lookalike: "nachgemachte Bridges",
    worthless: "wertlos",
    example: "Beispiel",
    formula: "Formel: Gebühren-APR",
  },
  en: {
    trade: "Token trade",
    to: "You receive",
    address: "Contract address on PulseChain",
    amount: "Amount (whole tokens)",
    submit: "Get quote",
    custom: "Other token: enter a contract address",
    badAmount: "Please enter an amount greater than 0 (e.g. 12.5).",
    tooManyDecimals: "The amount has more decimal places than the token allows.",
    noRoute: "PulseX has no pool for these two tokens, neither directly nor via WPLS.",
    pulsex: "Open on PulseX",
    piteas: "Open on Piteas (aggregator)",
    bridgeTitle: "The official PulseChain bridge",
    lookalike: "Look-alike bridges exist",
    worthless: "worthless",
    example: "Example",
    formula: "Formula: fee APR",
  },
} as const;

const suite = devchainSuite({ from: "2023-12-01", to: "2025-01-31" });

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);

  describe(`trade, bridge and yield (${lang}, ${scheme}, ${device})`, () => {
    it("quotes a swap from the PulseX routers, shows the bridge's tokens and the yield examples", async () => {
      const { t, devchain } = suite.app;
      const pls = devchain.chain(369);
      const role = (r: string) => {
        const token = pls.tokens.find((x) => x.role === r);
        if (!token) throw new Error(`no ${r} on the devchain`);
        return token.address.toLowerCase();
      };
      const email = `trade.${lang}@example.de`;
      const password = "TradeBridge2026!";
      const client = await confirmedUser(t, email, password, lang);
      for (const [i, address] of pls.wallets.users.slice(0, 2).entries()) {
        expect((await client.post("/api/wallet-management", { address, nickname: `W${i}` })).status).toBe(200);
      }

      const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, password);

      // The sidebar (the menu on a phone) leads to the trade page.
      if (device === "phone") {
        await page.getByTestId("mobile-menu-button").click();
        await page.getByTestId("mobile-menu").waitFor();
        await screenshot(page, `trade-menu-${lang}-${scheme}-${device}`);
        await page.getByTestId("mobile-sidebar-nav").getByRole("link", { name: w.trade, exact: true }).click();
      } else {
        await page.getByTestId("sidebar-nav").getByRole("link", { name: w.trade, exact: true }).click();
      }
      await page.waitForURL(/\/trade$/);
      await page.getByRole("heading", { level: 1, name: w.trade }).waitFor();

      // PLS (the default "you pay") -> HEX typed as an address.
      await page.getByLabel(w.to).selectOption({ label: w.custom });
      await page.locator("#trade-to-address").fill(role("hex"));
      const amount = page.getByLabel(w.amount);
      await amount.fill("0");
      await page.getByRole("button", { name: w.submit }).click();
      await poll(() => page.getByTestId("trade-error").textContent()).toBe(w.badAmount);
      await amount.fill("1.1234567890123456789");
      await page.getByRole("button", { name: w.submit }).click();
      await poll(() => page.getByTestId("trade-error").textContent()).toBe(w.tooManyDecimals);
      await screenshot(page, `trade-form-error-${lang}-${scheme}-${device}`);

      await amount.fill(lang === "de" ? "250000,5" : "250000.5");
      await page.getByRole("button", { name: w.submit }).click();
      const quote = page.getByTestId("trade-quote");
      await quote.waitFor();
      const api = await client.get(`/api/trade/quote?chainId=369&from=native&to=${role("hex")}&amount=250000.5`);
      expect(api.status).toBe(200);
      expect(await page.getByTestId("trade-amount-exact").textContent()).toBe(api.json.amountOut);
      expect(await page.getByTestId("trade-route").textContent()).toContain("PLS → HEX");
      expect(await page.getByTestId("trade-price-impact").textContent()).toMatch(/%/);
      for (const [name, href] of [
        [w.pulsex, `https://app.pulsex.com/swap?inputCurrency=PLS&outputCurrency=${role("hex")}`],
        [w.piteas, `https://app.piteas.io/#/swap?inputCurrency=PLS&outputCurrency=${role("hex")}`],
      ] as const) {
        const link = page.getByRole("link", { name });
        expect(await link.getAttribute("href")).toBe(href);
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      }
      expect(await page.locator("iframe").count()).toBe(0);
      await quote.scrollIntoViewIfNeeded();
      await screenshot(page, `trade-quote-${lang}-${scheme}-${device}`);

      // A holding as "you pay": HEX from the portfolio (balance of both wallets), PLSX by address.
      const hexOption = page.locator(`#trade-from option[value="${role("hex")}"]`);
      await poll(() => hexOption.count(), 60_000).toBe(1);
      expect(await hexOption.textContent()).toMatch(/^HEX \(/);
      await page.locator("#trade-from").selectOption(role("hex"));
      await page.locator("#trade-to-address").fill(role("plsx"));
      await amount.fill("100");
      await page.getByRole("button", { name: w.submit }).click();
      const viaHex = await client.get(`/api/trade/quote?chainId=369&from=${role("hex")}&to=${role("plsx")}&amount=100`);
      await poll(() => page.getByTestId("trade-amount-exact").textContent()).toBe(viaHex.json.amountOut);
      expect(await page.getByTestId("trade-route").textContent()).toContain("HEX → WPLS → PLSX");

      // A token without a pool: the server's message in the user's language.
      await page.locator("#trade-to-address").fill(role("forkUsdc"));
      await amount.fill("5");
      await page.getByRole("button", { name: w.submit }).click();
      await poll(() => page.getByTestId("trade-error").textContent()).toBe(w.noRoute);

      // The bridge: one official address, the warning, bridged DAI and the worthless fork copies.
      await page.goto("/bridge");
      await page.getByRole("heading", { name: w.bridgeTitle }).waitFor();
      expect(await page.getByTestId("official-bridge-url").textContent()).toBe("https://bridge.pulsechain.com");
      expect(await page.getByTestId("lookalike-warning").textContent()).toContain(w.lookalike);
      expect(await page.getByTestId("lookalike-warning").textContent()).toContain("bridge.pulsechain.com");
      const bridged = page.getByTestId("bridged-tokens").getByTestId("bridge-token");
      await poll(() => bridged.count()).toBeGreaterThan(0);
      expect(await bridged.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("DAI")]));
      const copies = page.getByTestId("fork-copies").getByTestId("bridge-token");
      await poll(() => copies.count()).toBeGreaterThanOrEqual(2);
      const copyTexts = await copies.allTextContents();
      expect(copyTexts.filter((x) => x.includes(w.worthless)).length).toBeGreaterThanOrEqual(2);
      expect(await page.locator("iframe").count()).toBe(0);
      await screenshot(page, `bridge-${lang}-${scheme}-${device}`);
      await page.getByTestId("fork-copies").scrollIntoViewIfNeeded();
      await screenshot(page, `bridge-forks-${lang}-${scheme}-${device}`);

      // The yield examples: every card says it is an example and shows its formula.
      await page.goto("/yield-optimizer");
      const cards = page.getByTestId("yield-card");
      await poll(() => cards.count()).toBeGreaterThanOrEqual(3);
      const count = await cards.count();
      for (let i = 0; i < count; i++) {
        expect(await cards.nth(i).getByTestId("example-badge").textContent()).toBe(w.example);
        expect(await cards.nth(i).getByTestId("yield-formula").textContent()).toContain(w.formula);
      }
      await screenshot(page, `yield-${lang}-${scheme}-${device}`);

      // Nothing scrolls sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
