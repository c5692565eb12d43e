/**
 * The debug monitor in Chromium on the devchain: 'System testen' over a devchain wallet answers
 * OPERATIONAL (or WARNING, exactly when a warning check fails) with the checks and every data source
 * up; while the (local) ECB is down, DEGRADED naming it.
 * German light desktop, English dark phone.
 */
import { describe, expect, it } from "vitest";
import { confirmedUser } from "../apps/server/test/support/accounts.ts";
import { logIn } from "./support/billing.ts";
import { newContext, screenshot, watchForErrors } from "./support/browser.ts";
import { devchainSuite, deviceOf, LOOKS, poll } from "./support/devchain-suite.ts";

const WORDS = {
  de: { run: "System testen", ecb: "EZB-Referenzkurse: keine Antwort" },
  en: { run: "Test system", ecb: "ECB reference rates: no answer" },
} as const;

const suite = devchainSuite({ from: "2023-12-01", to: "2025-01-31" });

for (const [lang, scheme, viewport] of LOOKS) {
  const w = WORDS[lang];
  const device = deviceOf(viewport);

  describe(`debug monitor (${lang}, ${scheme}, ${device})`, () => {
    it("tests the system: OPERATIONAL, then DEGRADED naming the ECB while it is down", async () => {
      const { t, devchain } = suite.app;
      const email = `debug.${lang}@example.de`;
      const password = "DebugMon2026!";
      const client = await confirmedUser(t, email, password, lang);
      const wallet = (devchain.chain(369).wallets.users[0] as string).toLowerCase();
      expect((await client.post("/api/wallet-management", { address: wallet, nickname: "A" })).status).toBe(200);

      const context = await newContext(suite.browser, t.baseUrl, viewport, { colorScheme: scheme });
      await context.addInitScript((l) => localStorage.setItem("appLanguage", l), lang);
      const page = await context.newPage();
      const errors = watchForErrors(page);
      await logIn(page, lang, email, password);
      await page.goto("/debug");
      await page.getByRole("button", { name: w.run }).click();
      const status = page.getByTestId("system-status");
      await poll(() => status.getAttribute("data-status"), 60_000).toMatch(/^(OPERATIONAL|WARNING)$/);
      expect(await page.getByTestId("checks").locator("li").count()).toBeGreaterThanOrEqual(5);
      // Never "operational" while a warning is listed among the reasons.
      const warned = (await status.textContent())?.includes(lang === "de" ? "Warnung:" : "Warning:");
      expect(await status.getAttribute("data-status")).toBe(warned ? "WARNING" : "OPERATIONAL");
      expect(await page.getByTestId("top-tokens").locator("li").count()).toBeGreaterThan(0);
      await screenshot(page, `debug-operational-${lang}-${scheme}-${device}`);
      // The compute-unit monitor shows the calls this run made.
      await poll(() => page.getByTestId("compute-units").locator("tbody tr").count()).toBeGreaterThan(0);

      // The transaction inspector lists the wallet's PLSX transfers (the devchain story: A buys PLSX).
      const plsx = (devchain.chain(369).contracts.plsx as string).toLowerCase();
      const inspector = page.getByTestId("transaction-inspector");
      await inspector.getByTestId("inspector-token").fill(plsx);
      await inspector.getByTestId("inspector-load-all").click();
      await poll(() => inspector.getByTestId("inspector-progress-percent").textContent(), 60_000).toBe("100 %");
      await poll(() => inspector.getByTestId("inspector-summary").textContent()).toMatch(/[1-9]/);
      await inspector.scrollIntoViewIfNeeded();
      await screenshot(page, `debug-inspector-${lang}-${scheme}-${device}`);

      suite.ecb.setDown(true);
      try {
        await page.getByRole("button", { name: w.run }).click();
        await poll(() => status.getAttribute("data-status"), 60_000).toBe("DEGRADED");
        expect(await status.textContent()).toContain(w.ecb);
        await page.getByTestId("system-status").scrollIntoViewIfNeeded();
        await screenshot(page, `debug-degraded-${lang}-${scheme}-${device}`);
      } finally {
        suite.ecb.setDown(false);
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  });
}
